/** Global setup puts the server's URL here; workers inherit it. */
export const BASE_URL_ENV = 'BAHNHOFSFINDER_E2E_URL'

export function serverUrl(): string {
  const url = process.env[BASE_URL_ENV]
  if (!url) throw new Error(`${BASE_URL_ENV} is not set: run the tests with \`playwright test\``)
  return url
}
