/** Global setup puts the server's URL here; workers inherit it. */
export const BASE_URL_ENV = 'BAHNHOFSFINDER_E2E_URL'

export function serverUrl(): string {
  const url = process.env[BASE_URL_ENV]
  if (!url) throw new Error(`${BASE_URL_ENV} is not set: run the tests with \`playwright test\``)
  return url
}

/** The server's admin key, set by global setup; workers inherit it. */
export const ADMIN_KEY_ENV = 'BAHNHOFSFINDER_E2E_ADMIN_KEY'

export function adminKey(): string {
  const key = process.env[ADMIN_KEY_ENV]
  if (!key) throw new Error(`${ADMIN_KEY_ENV} is not set: run the tests with \`playwright test\``)
  return key
}
