// Loads db-stations into the `stations` index (and its sort replicas' settings, synonyms and rules)
// in one transaction.
import type { SearchStore } from '../search/store/search-store.ts'
import { shippedConfiguration, writeConfiguration } from './station-configuration.ts'
import { readStations, STATIONS_INDEX, type StationRecord, stationsSourceFile } from './station-records.ts'

export interface ImportSummary {
  records: number
  withoutLocation: number
  withoutSegment: number
  file: string
  ms: number
}

export interface ImportOptions {
  file?: string
  /** Called with (done, total) while records are written. */
  onProgress?: (done: number, total: number) => void
}

export async function importStations(
  store: SearchStore,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const file = options.file ?? stationsSourceFile()
  const records: StationRecord[] = []
  for await (const record of readStations(file)) records.push(record)
  if (records.length === 0) throw new Error(`${file}: no stations found; nothing was changed`)

  const chunk = 500
  store.transaction(() => {
    store.ensureIndex(STATIONS_INDEX)
    writeConfiguration(store, shippedConfiguration())
    store.clearRecords(STATIONS_INDEX)
    for (let i = 0; i < records.length; i += chunk) {
      store.putRecords(STATIONS_INDEX, records.slice(i, i + chunk))
      options.onProgress?.(Math.min(i + chunk, records.length), records.length)
    }
  })
  return {
    records: records.length,
    withoutLocation: records.filter((r) => r._geoloc === null).length,
    withoutSegment: records.filter((r) => r.segment === null).length,
    file,
    ms: Math.round(performance.now() - started),
  }
}
