// The web app's run-time settings, read once at boot from the server's /config.json, so that one
// build runs against our own services or against Algolia and Contentful without a rebuild.
// This schema is the one description of /config.json: the server derives its response schema
// from it (server/web/public-config.ts) and the browser checks what it receives against it.
import * as z from 'zod/mini'

const text = z.string({ error: 'must be a string' }).check(z.minLength(1, 'must be a string'))
const optionalText = z._default(z.nullable(text), null)

const searchHost = z.object(
  {
    url: text,
    protocol: z._default(z.enum(['http', 'https'], { error: 'must be http or https' }), 'https'),
  },
  { error: 'must be an object' },
)

export const appConfigSchema = z.object(
  {
    search: z.object(
      {
        appId: text,
        /** Search-only key: the browser never sees an admin key. */
        apiKey: text,
        indexName: text,
        /** null: Algolia's default hosts for `appId`. */
        hosts: z.nullable(
          z
            .array(searchHost, { error: 'must be a non-empty array or null' })
            .check(z.minLength(1, 'must be a non-empty array or null')),
        ),
        /** null: Algolia's insights host. */
        insightsHost: optionalText,
      },
      { error: 'must be an object' },
    ),
    content: z._default(
      z.object({ url: z._default(text, '/graphql'), token: optionalText }, { error: 'must be an object' }),
      { url: '/graphql', token: null },
    ),
    map: z._default(
      z.object({ tileUrl: optionalText, tileAttribution: optionalText }, { error: 'must be an object' }),
      { tileUrl: null, tileAttribution: null },
    ),
  },
  { error: 'must be an object' },
)

export type AppConfig = z.output<typeof appConfigSchema>

class ConfigError extends Error {
  override name = 'ConfigError'
}

/** `search.hosts[0].protocol`: the path of a field as a reader would write it. */
function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'config'
  return path
    .map((key, n) => (typeof key === 'number' ? `[${key}]` : n === 0 ? String(key) : `.${String(key)}`))
    .join('')
}

/** Validates the JSON of /config.json; throws a ConfigError naming the first bad field. */
export function parseConfig(value: unknown): AppConfig {
  const result = z.safeParse(appConfigSchema, value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new ConfigError(`${fieldPath(issue?.path ?? [])} ${issue?.message ?? 'is not valid'}`)
}

export async function loadConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json', { credentials: 'same-origin' })
  if (!response.ok) throw new ConfigError(`/config.json answered HTTP ${response.status}`)
  return parseConfig(await response.json())
}
