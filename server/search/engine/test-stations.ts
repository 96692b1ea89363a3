// Test helper: the real db-stations records and an index over them with the product's settings.
import { readStations, STATIONS_SETTINGS, type StationRecord } from '../../stations/station-records.ts'
import { SearchIndex } from './search-index.ts'
import type { IndexSettings, SearchResult } from './types.ts'

let cached: Promise<StationRecord[]> | undefined

export function loadStations(): Promise<StationRecord[]> {
  cached ??= (async () => {
    const out: StationRecord[] = []
    for await (const record of readStations()) out.push(record)
    return out
  })()
  return cached
}

export async function stationIndex(settings: IndexSettings = STATIONS_SETTINGS): Promise<SearchIndex> {
  const index = new SearchIndex(settings)
  index.save(await loadStations())
  return index
}

export function names(result: SearchResult): string[] {
  return result.hits.map((h) => h.name as string)
}

export function ids(result: SearchResult): string[] {
  return result.hits.map((h) => h.objectID)
}
