// Starts the production server once for all workers; they get its URL through the environment
// (global setup's environment reaches the workers). The returned function is the teardown.
import { randomBytes } from 'node:crypto'
import { ADMIN_KEY_ENV, BASE_URL_ENV } from './base-url.ts'
import { startServer } from './server-process.ts'

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A known admin key, so that specs can prepare data through the search API.
  process.env[ADMIN_KEY_ENV] ??= randomBytes(16).toString('hex')
  // As behind a proxy on the same machine: the browsers are 127.0.0.1, as without one, and a spec
  // can speak for many clients through X-Forwarded-For (trending and the page fuzz do).
  const server = await startServer({
    env: { SEARCH_ADMIN_KEY: process.env[ADMIN_KEY_ENV], TRUST_PROXY: 'loopback' },
  })
  process.env[BASE_URL_ENV] = server.url
  return server.stop
}
