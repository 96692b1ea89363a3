// npm run sync:algolia -- --app-id … --admin-key … [--index stations] [--host …] [--dry-run]
// Copies an index of our running search service (records, settings, synonyms, rules, replicas) to
// an Algolia application through the official client; see docs/scale-out.md.
import { existsSync } from 'node:fs'
import { Presets, SingleBar } from 'cli-progress'
import { ConfigError, loadConfig } from '../server/config.ts'
import { credentialsFile, loadCredentials } from '../server/search/credentials.ts'
import { wantsHelp } from '../server/shared/command-line.ts'
import { type SyncReporter, syncIndex } from './sync/index-sync.ts'
import { sourceEndpoint, targetEndpoint } from './sync/sync-clients.ts'
import { SyncError } from './sync/sync-errors.ts'
import { HELP, parseSyncArgs, sourceAdvice, syncDefaults } from './sync/sync-options.ts'
import { stateFile } from './sync/sync-state.ts'

function progressReporter(): SyncReporter {
  const bar = new SingleBar(
    { format: 'records {bar} {value}/{total} ({percentage}%) ETA {eta_formatted}', hideCursor: true },
    Presets.shades_classic,
  )
  return {
    log: (line) => console.log(line),
    startRecords: (total, done) => bar.start(total, done),
    recordsCopied: (done) => bar.update(done),
    stopRecords: () => bar.stop(),
  }
}

const args = process.argv.slice(2)
if (wantsHelp(args)) {
  console.log(HELP)
  process.exit(0)
}

try {
  // The source is found where the server's own configuration puts it: HOST, PORT, SEARCH_APP_ID
  // and the admin key from SEARCH_ADMIN_KEY or DATA_DIR, all read as the server reads them.
  const config = loadConfig()
  const options = parseSyncArgs(args, syncDefaults(config))
  let sourceKey = options.sourceKey
  let keyFrom = '--source-key'
  if (!sourceKey && config.SEARCH_ADMIN_KEY) {
    sourceKey = config.SEARCH_ADMIN_KEY
    keyFrom = 'SEARCH_ADMIN_KEY'
  }
  if (!sourceKey) {
    const file = credentialsFile(config.DATA_DIR)
    if (!existsSync(file)) {
      throw new SyncError(
        `no admin key for the source: ${file} does not exist. Run this with the server's DATA_DIR (or SEARCH_ADMIN_KEY), pass --source-key, or start the server once`,
      )
    }
    try {
      sourceKey = loadCredentials(config).adminKey
    } catch (error) {
      throw new SyncError(`no admin key for the source: ${file}: ${(error as Error).message}`)
    }
    keyFrom = file
  }
  await syncIndex({
    source: sourceEndpoint(
      options.sourceUrl,
      options.sourceAppId,
      sourceKey,
      undefined,
      sourceAdvice(options, keyFrom),
    ),
    target: targetEndpoint(options.appId, options.adminKey, options.hosts),
    indexName: options.indexName,
    dryRun: options.dryRun,
    state: stateFile(options.stateFile),
    reporter: progressReporter(),
  })
} catch (error) {
  if (error instanceof SyncError || error instanceof ConfigError) {
    console.error(`sync:algolia: ${error.message}`)
    process.exit(1)
  }
  throw error
}
