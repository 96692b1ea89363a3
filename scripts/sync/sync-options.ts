// Command-line options of `npm run sync:algolia`, checked before anything is read or written.
import { parseArgs } from 'node:util'
import { SyncError } from './sync-errors.ts'

export interface HostOption {
  url: string
  protocol: 'http' | 'https'
}

export interface SyncCliOptions {
  appId: string
  adminKey: string
  indexName: string
  /** Algolia's own hosts when absent. */
  hosts: HostOption[] | undefined
  dryRun: boolean
  sourceUrl: string
  sourceAppId: string
  /** Falls back to our admin key from DATA_DIR/credentials.json. */
  sourceKey: string | undefined
  stateFile: string
}

export interface SyncDefaults {
  sourceUrl: string
  sourceAppId: string
  stateFile: string
}

export const USAGE = `npm run sync:algolia -- --app-id APP_ID --admin-key ADMIN_KEY [--index stations] [--dry-run]
  [--host host[:port]]... [--source-url URL] [--source-app-id ID] [--source-key KEY] [--state-file FILE]`

/** `https://h:1`, `http://h:1` or a bare `h:1` (HTTPS, as Algolia's hosts). */
export function parseHost(text: string): HostOption {
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new SyncError(`--host ${text}: not a host name or URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SyncError(`--host ${text}: use http or https`)
  if (url.pathname !== '/' || url.search !== '')
    throw new SyncError(`--host ${text}: give a host, not a path`)
  return { url: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https' }
}

export function parseSyncArgs(args: string[], defaults: SyncDefaults): SyncCliOptions {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(args).values
  } catch (error) {
    throw new SyncError(`${(error as Error).message}\nusage: ${USAGE}`)
  }
  const appId = values['app-id']?.trim()
  const adminKey = values['admin-key']?.trim()
  if (!appId || !adminKey) throw new SyncError(`--app-id and --admin-key are required\nusage: ${USAGE}`)
  const indexName = values.index.trim()
  if (!/^[^\s/]{1,256}$/.test(indexName)) throw new SyncError(`--index ${indexName}: not an index name`)
  return {
    appId,
    adminKey,
    indexName,
    hosts: values.host && values.host.length > 0 ? values.host.map(parseHost) : undefined,
    dryRun: values['dry-run'],
    sourceUrl: values['source-url'] ?? defaults.sourceUrl,
    sourceAppId: values['source-app-id'] ?? defaults.sourceAppId,
    sourceKey: values['source-key'],
    stateFile: values['state-file'] ?? defaults.stateFile,
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    options: {
      'app-id': { type: 'string' },
      'admin-key': { type: 'string' },
      index: { type: 'string', default: 'stations' },
      host: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean', default: false },
      'source-url': { type: 'string' },
      'source-app-id': { type: 'string' },
      'source-key': { type: 'string' },
      'state-file': { type: 'string' },
    },
  })
}
