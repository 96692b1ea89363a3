// What the engine's tests take from outside the engine, so that no engine file imports anything
// beyond search-core/engine/: an index over the real stations with the product's settings, and
// seeded random numbers for generated records.
import { seededRandom } from '../../scripts/generate-records.ts'
import { SearchIndex } from '../../search-core/engine/search-index.ts'
import type { IndexSettings, SearchResult } from '../../search-core/engine/types.ts'
import { replicaSettings, STATIONS_SETTINGS } from '../../server/stations/station-records.ts'
import { allStations } from './stations.ts'

export { replicaSettings, STATIONS_SETTINGS, seededRandom }

export async function stationIndex(settings: IndexSettings = STATIONS_SETTINGS): Promise<SearchIndex> {
  const index = new SearchIndex(settings)
  index.save(await allStations())
  return index
}

export function names(result: SearchResult): string[] {
  return result.hits.map((h) => h.name as string)
}

export function ids(result: SearchResult): string[] {
  return result.hits.map((h) => h.objectID)
}
