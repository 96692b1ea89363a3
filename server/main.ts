// Starts the server: one process (WORKERS=1), or a supervisor with one serving process per
// core (workers.ts). Each serving process runs serve.ts.
import cluster from 'node:cluster'
import { ConfigError, loadConfig } from './config.ts'

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

if (cluster.isWorker) {
  const { joinWorkers } = await import('./worker-link.ts')
  await joinWorkers(config)
} else if (config.WORKERS > 1) {
  const { superviseWorkers } = await import('./workers.ts')
  superviseWorkers(config)
} else {
  const { serve } = await import('./serve.ts')
  await serve(config)
}
