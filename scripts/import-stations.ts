// `npm run import`: (re)loads the stations from the db-stations package into DATA_DIR's store.
import { loadConfig } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { SearchStore } from '../server/search/store/search-store.ts'
import { importStations } from '../server/stations/import-stations.ts'

function progressBar(done: number, total: number): void {
  if (!process.stdout.isTTY) return
  const width = 30
  const filled = Math.round((done / total) * width)
  process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} Bahnhöfe`)
  if (done === total) process.stdout.write('\n')
}

if (import.meta.main) {
  try {
    const config = loadConfig()
    const db = openDatabase(config.DATA_DIR)
    const summary = await importStations(new SearchStore(db), { onProgress: progressBar })
    db.close()
    console.log(
      `Imported ${summary.records} stations into index "stations" in ${summary.ms} ms ` +
        `(${summary.withoutLocation} without location, ${summary.withoutSegment} without a named segment) → ${config.DATA_DIR}`,
    )
  } catch (error) {
    console.error(
      `Import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  }
}
