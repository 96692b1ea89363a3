// Starts the server: listen first (health answers 503), then import/load, then report ready.
// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { ContentError } from './content/source/content-error.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

let app: Awaited<ReturnType<typeof buildApp>>
try {
  app = await buildApp(config)
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`Content error (CONTENT_DIR ${config.CONTENT_DIR}): ${error.message}`)
    process.exit(1)
  }
  throw error
}
/** How long requests on open connections are told 503 before the server closes them. */
const DRAIN_MS = 1000
let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing in-flight requests`)
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
  })
}

await app.listen({ port: config.PORT, host: config.HOST })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.PORT
const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`
await app.context.warmUp()
const indexes = app.context.search.listIndexes()
app.log.info(
  {
    url,
    indexes: indexes.length,
    records: indexes.reduce((sum, index) => sum + (index.settings.primary ? 0 : index.entries), 0),
    startupMs: Math.round(performance.now()),
  },
  `Bahnhofsfinder ready at ${url}`,
)
console.log(`Bahnhofsfinder läuft: ${url}`)
