// An existing DATA_DIR's stations from before the station facts get the fields this version derives
// from them (trains, longDistance, platformHeights, lift) at start, so that the Züge, Bahnsteighöhe
// and Aufzug filters work without `npm run import`. Only records without `trains` are touched (the
// field every record imported with the facts has), and only those fields, by a partial update that
// never creates a record: whatever else an operator changed in a record stays as it is.
import type { SearchService } from '../search/service/search-service.ts'
import type { SearchStore } from '../search/store/search-store.ts'
import { stationFactsOf } from './station-facts.ts'
import { factFields, STATIONS_INDEX } from './station-records.ts'

export type FactsUpgrade = { updated: 0 } | { updated: number; taskID: number }

/** Adds the fact fields to the stored stations that lack them, as one asynchronous write. */
export function upgradeStationFacts(store: SearchStore, service: SearchService): FactsUpgrade {
  const operations = []
  for (const record of store.records(STATIONS_INDEX)) {
    if (Object.hasOwn(record, 'trains')) continue
    operations.push({
      action: 'partialUpdateObjectNoCreate' as const,
      indexName: STATIONS_INDEX,
      body: { objectID: record.objectID, ...factFields(stationFactsOf(record.objectID)) },
    })
  }
  if (operations.length === 0) return { updated: 0 }
  const { taskIDs } = service.batch(operations)
  return { updated: operations.length, taskID: Math.max(...taskIDs.values()) }
}
