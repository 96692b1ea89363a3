// Command-line options of `npm run sync:algolia`, checked before anything is read or written, and
// their defaults from the configuration the server reads.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Config } from '../../server/config.ts'
import { localServerUrl } from '../../server/shared/server-address.ts'
import { type EndpointAdvice, SyncError } from './sync-errors.ts'

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
  /** Where the source URL came from, for messages: `--source-url` or the configuration. */
  sourceUrlFrom: string
  sourceAppId: string
  /** Falls back to our admin key from DATA_DIR/credentials.json. */
  sourceKey: string | undefined
  stateFile: string
}

export interface SyncDefaults {
  sourceUrl: string
  /** Which configuration gave `sourceUrl`, e.g. `HOST=127.0.0.1 and PORT=3000`. */
  sourceUrlFrom: string
  sourceAppId: string
  stateFile: string
}

const USAGE = `npm run sync:algolia -- --app-id APP_ID --admin-key ADMIN_KEY [--index stations] [--dry-run]
  [--host host[:port]]... [--source-url URL] [--source-app-id ID] [--source-key KEY] [--state-file FILE]`

export const HELP = `usage: ${USAGE}

Copies an index of our running search service (records, settings, synonyms, rules, replicas) to an
Algolia application, through a temporary index that one move puts in place. Rerun to resume.

  --app-id, --admin-key   the Algolia application and its admin key (required)
  --index NAME            the index to copy, same name on both sides (default: stations)
  --host HOST             write to this host instead of Algolia's, repeatable
                          (https://…, http://… or host:port)
  --dry-run               read the source, print the steps with their counts, change nothing
  --source-url URL        our running server (default: http://HOST:PORT as the server reads
                          HOST and PORT; 0.0.0.0 and :: as the loopback address)
  --source-app-id ID      its application ID (default: SEARCH_APP_ID, else bahnhofsfinder)
  --source-key KEY        its admin key (default: SEARCH_ADMIN_KEY, else DATA_DIR/credentials.json)
  --state-file FILE       progress, for resuming (default: DATA_DIR/sync-algolia-state.json)
  -h, --help              this text

Run it with the server's environment (HOST, PORT, SEARCH_APP_ID, DATA_DIR) to find it as it runs.`

/** `https://h:1`, `http://h:1` or a bare `h:1` (HTTPS, as Algolia's hosts); `option` names it in errors. */
export function parseHost(text: string, option = '--host'): HostOption {
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `https://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new SyncError(`${option} ${text}: not a host name or URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SyncError(`${option} ${text}: use http or https`)
  if (url.pathname !== '/' || url.search !== '')
    throw new SyncError(`${option} ${text}: give a host, not a path`)
  return { url: url.host, protocol: url.protocol === 'http:' ? 'http' : 'https' }
}

/** The source as the server's own configuration places it: HOST, PORT, SEARCH_APP_ID, DATA_DIR. */
export function syncDefaults(
  config: Pick<Config, 'HOST' | 'PORT' | 'SEARCH_APP_ID' | 'DATA_DIR'>,
): SyncDefaults {
  return {
    sourceUrl: localServerUrl(config.HOST, config.PORT),
    sourceUrlFrom: `HOST=${config.HOST} and PORT=${config.PORT}`,
    sourceAppId: config.SEARCH_APP_ID,
    stateFile: join(config.DATA_DIR, 'sync-algolia-state.json'),
  }
}

/** What to tell the operator when the source cannot be reached or refuses the key. */
export function sourceAdvice(options: SyncCliOptions, keyFrom: string): EndpointAdvice {
  return {
    unreachable:
      options.sourceUrlFrom === '--source-url'
        ? 'Check --source-url and that the server runs there.'
        : `That is the address ${options.sourceUrlFrom} give, read as the server reads them: is the server running? Run this with the server's HOST and PORT (and DATA_DIR), or pass --source-url.`,
    refused: `The key came from ${keyFrom} and the application ID is ${options.sourceAppId}: use the server's own (its SEARCH_APP_ID, and SEARCH_ADMIN_KEY or DATA_DIR/credentials.json), or pass --source-app-id and --source-key.`,
  }
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
  const sourceUrl = values['source-url']
  if (sourceUrl !== undefined) parseHost(sourceUrl, '--source-url')
  return {
    appId,
    adminKey,
    indexName,
    hosts: values.host && values.host.length > 0 ? values.host.map((host) => parseHost(host)) : undefined,
    dryRun: values['dry-run'],
    sourceUrl: sourceUrl ?? defaults.sourceUrl,
    sourceUrlFrom: sourceUrl === undefined ? defaults.sourceUrlFrom : '--source-url',
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
