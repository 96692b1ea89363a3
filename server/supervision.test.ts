// The supervisor's decisions, driven by events alone: no process is started here.
import { describe, expect, it } from 'vitest'
import { type Command, Supervision } from './supervision.ts'

/** How long a dead process's replacement waits (supervision.ts). */
const RESTART_MS = 1000

const KEY = new Uint8Array([1, 2, 3])

/** Carries out the forks a supervision asks for, numbering processes as the cluster does. */
function harness(count: number) {
  const supervision = new Supervision(count, KEY)
  let nextId = 1
  const forked: { id: number; role: string; slot: number; afterMs: number }[] = []
  const apply = (commands: Command[]): Command[] => {
    for (const command of commands) {
      if (command.do !== 'fork') continue
      const id = nextId++
      supervision.forked(id, command.role, command.slot)
      forked.push({ id, role: command.role, slot: command.slot, afterMs: command.afterMs })
    }
    return commands
  }
  return { supervision, forked, apply }
}

const kinds = (commands: Command[]) => commands.map((command) => command.do)
const sends = (commands: Command[]) =>
  commands.flatMap((command) => (command.do === 'send' ? [[command.to, command.message.t]] : []))

/** A supervision of `count` processes, all ready. */
function serving(count: number) {
  const h = harness(count)
  h.apply(h.supervision.start())
  h.apply(h.supervision.received(1, { t: 'ready', url: 'http://x', applied: 0 }))
  for (let id = 2; id <= count; id++) {
    h.supervision.received(id, { t: 'subscribe' })
    h.apply(h.supervision.received(id, { t: 'ready', url: 'http://x', applied: 0 }))
  }
  return h
}

describe('the supervisor as a state machine', () => {
  it('starts the writer alone, tells it its role, and the followers once it is ready', () => {
    const { supervision, forked, apply } = harness(3)
    apply(supervision.start())
    expect(forked).toEqual([{ id: 1, role: 'writer', slot: 0, afterMs: 0 }])
    expect(supervision.online(1)).toEqual([
      { do: 'send', to: 1, message: { t: 'hello', role: 'writer', ipKey: KEY } },
    ])
    const commands = apply(supervision.received(1, { t: 'ready', url: 'http://x', applied: 4 }))
    expect(kinds(commands)).toEqual(['send', 'log', 'fork', 'fork', 'fold-log'])
    expect(forked.map((p) => [p.role, p.slot])).toEqual([
      ['writer', 0],
      ['follower', 1],
      ['follower', 2],
    ])
    expect(supervision.phase).toBe('starting')
  })

  it('is serving once every process is ready, and says so once', () => {
    const { supervision, apply } = harness(2)
    apply(supervision.start())
    apply(supervision.received(1, { t: 'ready', url: 'http://x', applied: 0 }))
    const last = supervision.received(2, { t: 'ready', url: 'http://x', applied: 0 })
    expect(supervision.phase).toBe('serving')
    expect(last.filter((c) => c.do === 'log')).toHaveLength(1)
    // Its start's relaying done, the supervisor gives back the memory it took, once.
    expect(last.filter((c) => c.do === 'release-memory')).toHaveLength(1)
    // And asks each serving process to give back what the others' start made it free.
    expect(sends(last).filter(([, t]) => t === 'trim-memory')).toEqual([
      [1, 'trim-memory'],
      [2, 'trim-memory'],
    ])
    expect(supervision.received(2, { t: 'ready', url: 'http://x', applied: 0 })).toEqual([])
  })

  it('raises the watermark to the lowest task every ready process holds, and tells the listeners', () => {
    const { supervision } = serving(3)
    expect(sends(supervision.received(1, { t: 'published', taskID: 5, changes: [] }))).toEqual([
      [2, 'published'],
      [3, 'published'],
    ])
    expect(supervision.through).toBe(0)
    supervision.received(2, { t: 'applied', taskID: 5 })
    const commands = supervision.received(3, { t: 'applied', taskID: 7 })
    expect(supervision.through).toBe(5)
    expect(sends(commands)).toEqual([
      [1, 'through'],
      [2, 'through'],
      [3, 'through'],
    ])
  })

  it('replaces a process that dies while serving, in its place, after a pause', () => {
    const { supervision } = serving(2)
    const commands = supervision.exited(2, 1234, 1, null)
    expect(commands.at(-1)).toEqual({ do: 'fork', role: 'follower', slot: 1, afterMs: RESTART_MS })
    expect(supervision.phase).toBe('serving')
    expect(supervision.mayFork()).toBe(true)
  })

  it('stops every process and exits 1 once they are gone when one cannot start', () => {
    const { supervision, apply } = harness(3)
    apply(supervision.start())
    apply(supervision.received(1, { t: 'ready', url: 'http://x', applied: 0 }))
    const commands = supervision.exited(3, 999, 1, null)
    expect(supervision.phase).toBe('closing')
    expect(commands.filter((c) => c.do === 'stop').map((c) => (c.do === 'stop' ? c.to : 0))).toEqual([1, 2])
    expect(kinds(commands)).not.toContain('exit')
    expect(supervision.exited(1, 997, 0, null)).toEqual([])
    expect(supervision.exited(2, 998, 0, null)).toEqual([{ do: 'exit', code: 1 }])
  })

  it('on SIGTERM stops every process once, starts none, and exits 0 when the last is gone', () => {
    const { supervision } = serving(2)
    const commands = supervision.signalled('SIGTERM')
    expect(kinds(commands)).toEqual(['log', 'stop', 'stop'])
    expect(supervision.signalled('SIGINT')).toEqual([])
    expect(supervision.mayFork()).toBe(false)
    expect(supervision.exited(1, 1, 0, null)).toEqual([])
    expect(supervision.exited(2, 2, 0, null)).toEqual([{ do: 'exit', code: 0 }])
  })

  it("passes a follower's logged write to the writer only, and events to the other listeners", () => {
    const { supervision } = serving(3)
    expect(sends(supervision.received(2, { t: 'logged' }))).toEqual([[1, 'logged']])
    expect(sends(supervision.received(2, { t: 'events', events: [] }))).toEqual([
      [1, 'events'],
      [3, 'events'],
    ])
  })
})
