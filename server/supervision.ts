// The supervisor's decisions as a state machine without processes: which serving process to start,
// what to tell whom, when the server is serving, when to stop. workers.ts feeds it the cluster's
// events and carries out the commands it returns; the tests drive it with events alone.
//
//   starting ──writer ready──▶ (followers forked) ──all ready──▶ serving
//      │                                                            │
//      └─ a process exits: stop all, exit 1                         ├─ a process exits: start another
//                                                                   │   after RESTART_MS
//   any phase ──SIGTERM/SIGINT──▶ closing ──last process gone──▶ exit 0
import type { FromWorker, Role, ToWorker } from './worker-messages.ts'

/** A process that dies is replaced after this pause (a crash loop does not spin the CPU). */
const RESTART_MS = 1000

export type Phase = 'starting' | 'serving' | 'closing'

export interface Member {
  role: Role
  /** Its place: 0 the writer, 1… the followers; a replacement takes the place of the one it replaces. */
  slot: number
  /** Subscribed to the engine changes (followers) or the writer: messages reach it. */
  listening: boolean
  ready: boolean
  /** The highest task ID whose changes it holds. */
  applied: number
}

type Level = 30 | 40 | 50

/** What the supervisor is to do; workers.ts does it. Processes are named by their cluster id. */
export type Command =
  | { do: 'fork'; role: Role; slot: number; afterMs: number }
  | { do: 'send'; to: number; message: ToWorker }
  /** SIGTERM: the process drains and exits as a single server does. */
  | { do: 'stop'; to: number }
  | { do: 'exit'; code: number }
  | { do: 'log'; level: Level; msg: string; fields?: Record<string, unknown> }
  /** The writer has migrated the database: from now on the supervisor folds the log in. */
  | { do: 'fold-log' }
  /** Every process is serving: the supervisor gives back what relaying their start took (~10 MB). */
  | { do: 'release-memory' }

/** Messages Supervision handles; the rest (flushes, scrapes, rate limits) workers.ts answers itself. */
export type MemberMessage = Extract<
  FromWorker,
  { t: 'subscribe' | 'ready' | 'published' | 'applied' | 'logged' | 'events' }
>

export class Supervision {
  readonly #count: number
  readonly #ipKey: Uint8Array
  #phase: Phase = 'starting'
  readonly #members = new Map<number, Member>()
  /** The watermark: every ready process holds the tasks up to it. */
  #through = 0
  #followersForked = false
  /** The supervisor's exit code once the last process is gone: 1 after a start that failed. */
  #exitCode = 0

  constructor(count: number, ipKey: Uint8Array) {
    this.#count = count
    this.#ipKey = ipKey
  }

  get phase(): Phase {
    return this.#phase
  }

  get through(): number {
    return this.#through
  }

  member(id: number): Readonly<Member> | undefined {
    return this.#members.get(id)
  }

  /** The processes alive, by cluster id. */
  ids(): number[] {
    return [...this.#members.keys()]
  }

  /** The first command: the writer (it imports, recovers and applies the task log) starts alone. */
  start(): Command[] {
    return [{ do: 'fork', role: 'writer', slot: 0, afterMs: 0 }]
  }

  /** A process was forked for a role and place; it is told its role once it is online. */
  forked(id: number, role: Role, slot: number): void {
    this.#members.set(id, { role, slot, listening: role === 'writer', ready: false, applied: 0 })
  }

  online(id: number): Command[] {
    const member = this.#members.get(id)
    return member
      ? [{ do: 'send', to: id, message: { t: 'hello', role: member.role, ipKey: this.#ipKey } }]
      : []
  }

  received(id: number, message: MemberMessage): Command[] {
    const member = this.#members.get(id)
    if (!member) return []
    switch (message.t) {
      case 'subscribe':
        member.listening = true
        return [{ do: 'send', to: id, message: { t: 'subscribed', through: this.#through } }]
      case 'ready':
        member.ready = true
        member.applied = Math.max(member.applied, message.applied)
        return [...this.#advance(), ...this.#readiness(member, message.url)]
      case 'published':
        member.applied = message.taskID
        return [...this.#toListeners(message, id), ...this.#advance()]
      case 'applied':
        member.applied = Math.max(member.applied, message.taskID)
        return this.#advance()
      case 'logged':
        return this.#ids((peer) => peer.role === 'writer').map((to) => ({ do: 'send', to, message }))
      case 'events':
        return this.#toListeners(message, id)
    }
  }

  exited(id: number, pid: number | undefined, code: number | null, signal: string | null): Command[] {
    const member = this.#members.get(id)
    this.#members.delete(id)
    const gone: Command[] = this.#members.size === 0 ? [{ do: 'exit', code: this.#exitCode }] : []
    if (this.#phase === 'closing') return gone
    if (!member) return []
    if (this.#phase === 'starting') {
      // A process that cannot start (a port in use, broken content) would fail again: stop.
      this.#phase = 'closing'
      this.#exitCode = 1
      return [
        {
          do: 'log',
          level: 50,
          msg: `${member.role} process ${pid} exited before the server was ready; stopping`,
          fields: { code, signal },
        },
        ...this.ids().map((to): Command => ({ do: 'stop', to })),
        ...(this.#members.size === 0 ? [{ do: 'exit' as const, code: 1 }] : []),
      ]
    }
    return [
      {
        do: 'log',
        level: 50,
        msg: `${member.role} process ${pid} exited; starting another`,
        fields: { code, signal },
      },
      ...this.#advance(),
      { do: 'fork', role: member.role, slot: member.slot, afterMs: RESTART_MS },
    ]
  }

  /** A replacement due after RESTART_MS is started only if the server is not closing by then. */
  mayFork(): boolean {
    return this.#phase !== 'closing'
  }

  signalled(signal: 'SIGTERM' | 'SIGINT'): Command[] {
    if (this.#phase === 'closing') return []
    this.#phase = 'closing'
    const stops: Command[] = this.ids().map((to) => ({ do: 'stop', to }))
    return [
      { do: 'log', level: 30, msg: `${signal} received: stopping ${stops.length} processes` },
      ...stops,
      ...(stops.length === 0 ? [{ do: 'exit' as const, code: 0 }] : []),
    ]
  }

  /** The writer's first ready starts the followers; the last one's makes the server serving. */
  #readiness(member: Member, url: string): Command[] {
    if (this.#phase !== 'starting') return []
    const commands: Command[] = []
    if (member.role === 'writer' && !this.#followersForked) {
      this.#followersForked = true
      // The server answers from here on (/healthz 200): said now, not once all processes are.
      commands.push({
        do: 'log',
        level: 30,
        msg: `Bahnhofsfinder is serving at ${url} (1 of ${this.#count} processes; the others are loading)`,
        fields: { url, workers: this.#count },
      })
      for (let slot = 1; slot < this.#count; slot++)
        commands.push({ do: 'fork', role: 'follower', slot, afterMs: 0 })
      commands.push({ do: 'fold-log' })
    }
    const members = [...this.#members.values()]
    if (members.length === this.#count && members.every((m) => m.ready)) {
      this.#phase = 'serving'
      commands.push({
        do: 'log',
        level: 30,
        msg: `all ${this.#count} processes serving`,
        fields: { url, workers: this.#count },
      })
      commands.push({ do: 'release-memory' })
      // The writer answered the followers' catching up after its own start was released.
      for (const id of this.#members.keys())
        commands.push({ do: 'send', to: id, message: { t: 'trim-memory' } })
    }
    return commands
  }

  #advance(): Command[] {
    const ready = [...this.#members.values()].filter((member) => member.ready)
    if (ready.length === 0) return []
    const lowest = Math.min(...ready.map((member) => member.applied))
    if (lowest <= this.#through) return []
    this.#through = lowest
    return this.#ids((member) => member.listening).map((to) => ({
      do: 'send',
      to,
      message: { t: 'through', taskID: lowest },
    }))
  }

  #toListeners(message: ToWorker, from: number): Command[] {
    return this.#ids((member) => member.listening)
      .filter((to) => to !== from)
      .map((to) => ({ do: 'send', to, message }))
  }

  #ids(which: (member: Member) => boolean): number[] {
    return [...this.#members].filter(([, member]) => which(member)).map(([id]) => id)
  }
}
