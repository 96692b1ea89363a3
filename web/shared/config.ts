// The web app's run-time settings, read once at boot from the server's /config.json, so that one
// build runs against our own services or against Algolia and Contentful without a rebuild.

export interface SearchHost {
  url: string
  protocol: 'http' | 'https'
}

export interface AppConfig {
  search: {
    appId: string
    /** Search-only key: the browser never sees an admin key. */
    apiKey: string
    indexName: string
    /** null: Algolia's default hosts for `appId`. */
    hosts: SearchHost[] | null
    /** null: Algolia's insights host. */
    insightsHost: string | null
  }
  content: { url: string; token: string | null }
  map: { tileUrl: string | null; tileAttribution: string | null }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Json = Record<string, unknown>

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${path} must be an object`)
  }
  return value as Json
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new ConfigError(`${path} must be a string`)
  return value
}

function nullableString(value: unknown, path: string): string | null {
  return value === null || value === undefined ? null : string(value, path)
}

function host(value: unknown, path: string): SearchHost {
  const raw = object(value, path)
  const protocol = raw.protocol ?? 'https'
  if (protocol !== 'http' && protocol !== 'https')
    throw new ConfigError(`${path}.protocol must be http or https`)
  return { url: string(raw.url, `${path}.url`), protocol }
}

/** Validates the JSON of /config.json; throws a ConfigError naming the first bad field. */
export function parseConfig(value: unknown): AppConfig {
  const root = object(value, 'config')
  const search = object(root.search, 'search')
  const content = object(root.content ?? {}, 'content')
  const map = object(root.map ?? {}, 'map')
  let hosts: SearchHost[] | null = null
  if (search.hosts !== null && search.hosts !== undefined) {
    if (!Array.isArray(search.hosts) || search.hosts.length === 0) {
      throw new ConfigError('search.hosts must be a non-empty array or null')
    }
    hosts = search.hosts.map((entry, index) => host(entry, `search.hosts[${index}]`))
  }
  return {
    search: {
      appId: string(search.appId, 'search.appId'),
      apiKey: string(search.apiKey, 'search.apiKey'),
      indexName: string(search.indexName, 'search.indexName'),
      hosts,
      insightsHost: nullableString(search.insightsHost, 'search.insightsHost'),
    },
    content: {
      url: nullableString(content.url, 'content.url') ?? '/graphql',
      token: nullableString(content.token, 'content.token'),
    },
    map: {
      tileUrl: nullableString(map.tileUrl, 'map.tileUrl'),
      tileAttribution: nullableString(map.tileAttribution, 'map.tileAttribution'),
    },
  }
}

export async function loadConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json', { credentials: 'same-origin' })
  if (!response.ok) throw new ConfigError(`/config.json answered HTTP ${response.status}`)
  return parseConfig(await response.json())
}
