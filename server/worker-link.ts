// A serving process under the supervisor (workers.ts): it learns its role, takes part in the shared
// task log (the writer passes each applied task's engine changes on; a follower replays them and
// says how far it got), and asks the supervisor for what is counted in one place.
import type { Config } from './config.ts'
import type { ProcessExposition } from './ops/metrics-merge.ts'
import { type ServeHooks, serve } from './serve.ts'
import { trimAllocator } from './shared/allocator-trim.ts'
import type { FromWorker, Role, ToWorker } from './worker-messages.ts'

type App = Parameters<ServeHooks['built']>[0]

function send(message: FromWorker): void {
  process.send?.(message)
}

function waitFor<T extends ToWorker['t']>(type: T): Promise<Extract<ToWorker, { t: T }>> {
  return new Promise((resolve) => {
    const listener = (message: ToWorker): void => {
      if (message.t !== type) return
      process.off('message', listener)
      resolve(message as Extract<ToWorker, { t: T }>)
    }
    process.on('message', listener)
  })
}

export async function joinWorkers(config: Config): Promise<void> {
  const hello = await waitFor('hello')
  const role: Role = hello.role
  let through = 0
  let app: App | undefined
  let serving = false
  // A follower's engine changes wait here until its indexes are loaded, then are replayed in order.
  const held: Extract<ToWorker, { t: 'published' }>[] = []
  const replies = new Map<number, (value: number) => void>()
  let nextRequest = 1
  const expositions = new Map<number, (parts: ProcessExposition[]) => void>()
  /** Asks the supervisor; `message` builds the request with its ID. */
  const request = (message: (id: number) => FromWorker): Promise<number> =>
    new Promise((resolve) => {
      const id = nextRequest++
      replies.set(id, resolve)
      send(message(id))
    })

  const replay = (message: Extract<ToWorker, { t: 'published' }>, search: App['context']['search']): void => {
    search.replay(message.taskID, message.changes)
    send({ t: 'applied', taskID: search.appliedThrough() })
  }

  process.on('message', (message: ToWorker) => {
    switch (message.t) {
      case 'through':
        through = Math.max(through, message.taskID)
        return
      case 'published':
        if (app && serving) replay(message, app.context.search)
        else held.push(message)
        return
      case 'logged':
        if (serving) app?.context.search.pullLogged()
        return
      case 'events':
        app?.context.events.heard(message.events)
        return
      case 'flush':
        try {
          app?.context.recorder.flush()
        } finally {
          send({ t: 'flushed', id: message.id })
        }
        return
      case 'reply':
        replies.get(message.id)?.(message.value)
        replies.delete(message.id)
        return
      case 'metrics':
        send({ t: 'metrics', id: message.id, text: app?.context.metrics.render() ?? '' })
        return
      case 'expositions':
        expositions.get(message.id)?.(message.parts)
        expositions.delete(message.id)
        return
      case 'trim-memory':
        trimAllocator()
        return
    }
  })

  if (role === 'follower') {
    // Subscribed before reading the store: every task applied after that read reaches this process.
    send({ t: 'subscribe' })
    through = (await waitFor('subscribed')).through
  }

  const hooks: ServeHooks = {
    peers: {
      shared: {
        role,
        publishedThrough: () => through,
        applied: (taskID, changes) => send({ t: 'published', taskID, changes }),
        logged: () => send({ t: 'logged' }),
      },
      ipKey: hello.ipKey,
      rateLimits: {
        retryAfter: (key, ip, limit) => request((id) => ({ t: 'request', id, kind: 'rate', key, ip, limit })),
      },
      flushAnalytics: async () => {
        await request((id) => ({ t: 'request', id, kind: 'flush' }))
      },
      eventsRecorded: (events) => send({ t: 'events', events }),
      expositions: () =>
        new Promise((resolve) => {
          const id = nextRequest++
          expositions.set(id, resolve)
          send({ t: 'request', id, kind: 'metrics' })
        }),
    },
    built(built) {
      app = built
    },
    loaded() {
      const search = app!.context.search // built before loaded
      for (const message of held.splice(0)) replay(message, search)
      serving = true
      if (role === 'writer') search.pullLogged()
    },
    ready(url) {
      send({ t: 'ready', url, applied: app!.context.search.appliedThrough() }) // built before ready
    },
  }
  await serve(config, hooks)
}
