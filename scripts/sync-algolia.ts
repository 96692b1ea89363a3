// npm run sync:algolia -- --app-id … --admin-key … [--index stations] [--host …] [--dry-run]
// Copies an index of our running search service (records, settings, synonyms, rules, replicas) to
// an Algolia application through the official client; see docs/scale-out.md.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Presets, SingleBar } from 'cli-progress'
import { ConfigError, loadConfig } from '../server/config.ts'
import { credentialsFile, loadCredentials } from '../server/search/credentials.ts'
import { type SyncReporter, syncIndex } from './sync/index-sync.ts'
import { sourceEndpoint, targetEndpoint } from './sync/sync-clients.ts'
import { SyncError } from './sync/sync-errors.ts'
import { parseSyncArgs } from './sync/sync-options.ts'
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

try {
  const config = loadConfig()
  const options = parseSyncArgs(process.argv.slice(2), {
    sourceUrl: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`,
    sourceAppId: config.SEARCH_APP_ID,
    stateFile: join(config.DATA_DIR, 'sync-algolia-state.json'),
  })
  let sourceKey = options.sourceKey ?? config.SEARCH_ADMIN_KEY
  if (!sourceKey) {
    if (!existsSync(credentialsFile(config.DATA_DIR))) {
      throw new SyncError(
        `no admin key for the source: pass --source-key or start the server once (DATA_DIR=${config.DATA_DIR})`,
      )
    }
    sourceKey = loadCredentials(config).adminKey
  }
  await syncIndex({
    source: sourceEndpoint(options.sourceUrl, options.sourceAppId, sourceKey),
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
