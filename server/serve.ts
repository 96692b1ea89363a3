// Runs one serving process: build the app, listen (health answers 503), import/load, report ready.
// SIGTERM/SIGINT: tell clients for a moment, stop accepting, let in-flight requests finish, close
// the database. With several processes (workers.ts) a follower listens only once its indexes are
// loaded, so no process that has joined the port ever answers 503 after another answered 200.
import module from 'node:module'
import { buildApp } from './app.ts'
import type { Peers } from './app-parts.ts'
import type { Config } from './config.ts'
import { ContentError } from './content/source/content-error.ts'
import { releaseStartupMemory } from './shared/release-memory.ts'

/** How long requests on open connections are told 503 before the server closes them. */
const DRAIN_MS = 1000

export interface ServeHooks {
  peers: Peers
  /** The app is built: the process can receive its peers' messages. */
  built(app: Awaited<ReturnType<typeof buildApp>>): void
  /** Its indexes are loaded (a follower: before it listens). */
  loaded(): void
  /** Serving: its indexes are loaded and it listens. */
  ready(url: string): void
}

export async function serve(config: Config, hooks?: ServeHooks): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>>
  try {
    app = await buildApp(config, hooks ? { peers: hooks.peers } : {})
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(`Content error (CONTENT_DIR ${config.CONTENT_DIR}): ${error.message}`)
      process.exit(1)
    }
    throw error
  }
  hooks?.built(app)
  let closing = false
  const shutDown = async (reason: string): Promise<void> => {
    if (closing) return
    closing = true
    app.log.info(`${reason}: finishing in-flight requests`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    // First tell the clients: for a moment every new request (also on open keep-alive
    // connections, which closing would reset) gets 503 with Connection: close.
    app.startDraining()
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS))
    // Keep-alive sockets that go idle after their last response would hold the close open
    // until the client drops them; close each as soon as it is idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100)
    idle.unref()
    await app.close()
    process.exit(0)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void shutDown(`${signal} received`))
  }
  // A worker whose supervisor is gone shuts down as on SIGTERM.
  if (hooks) process.once('disconnect', () => void shutDown('supervisor gone'))

  const follower = hooks?.peers.shared.role === 'follower'
  if (follower) {
    await app.context.warmUp()
    hooks?.loaded()
  }
  await app.listen({ port: config.PORT, host: config.HOST })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`
  if (!follower) {
    await app.context.warmUp()
    hooks?.loaded()
  }
  // What this start stripped and compiled goes to the compile cache now, not only at exit: a
  // process replaced after a crash, or the next start, loads neither the stripper nor compiles.
  module.flushCompileCache?.()
  // Once loaded, listening (Fastify's ready hooks build what the routes keep), caught up and the
  // cache written: what all of that freed goes back to the system.
  releaseStartupMemory()
  const indexes = app.context.search.listIndexes()
  app.log.info(
    {
      url,
      indexes: indexes.length,
      records: indexes.reduce((sum, index) => sum + (index.settings.primary ? 0 : index.entries), 0),
      startupMs: Math.round(performance.now()),
      ...(hooks ? { role: hooks.peers.shared.role } : {}),
    },
    `Bahnhofsfinder ready at ${url}`,
  )
  if (hooks) hooks.ready(url)
  else console.log(`Bahnhofsfinder is serving at ${url}`)
}
