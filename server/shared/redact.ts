// Credentials never reach a log line: API keys and tokens in a URL's query string are replaced.

/** Query parameters that carry credentials (names compared case-insensitively). */
const SECRET_PARAMS = /^(x-algolia-api-key|access_token|token|apikey|api_key)$/i

/** The URL with the values of credential parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?')
  if (start === -1) return url
  const parts = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=')
      const rawName = equals === -1 ? part : part.slice(0, equals)
      let name = rawName
      try {
        name = decodeURIComponent(rawName)
      } catch {
        // an undecodable name is compared as sent
      }
      return SECRET_PARAMS.test(name) ? `${rawName}=[redacted]` : part
    })
  return `${url.slice(0, start)}?${parts.join('&')}`
}
