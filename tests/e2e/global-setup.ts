// Starts the production server once for all workers; they get its URL through the environment
// (global setup's environment reaches the workers). The returned function is the teardown.
import { BASE_URL_ENV } from './base-url.ts'
import { startServer } from './server-process.ts'

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer()
  process.env[BASE_URL_ENV] = server.url
  return server.stop
}
