// The search service's indexes as the recommendation models read them: every record, the facet
// attributes and customRanking. Records are read again after a write, and at least every 30 s so
// that writes applied in the background are seen too.
import type { SearchRecord } from '../engine/types.ts'
import type { Catalog, CatalogIndex } from '../recommend/types.ts'
import type { SearchService } from './search-service.ts'

const REFRESH_MS = 30_000

/** `searchable(name)`, `filterOnly(name)`, `afterDistinct(name)` → `name`. */
export function facetAttributeName(declared: string): string {
  return /^\w+\((.+)\)$/.exec(declared)?.[1] ?? declared
}

interface Entry {
  index: CatalogIndex
  taskID: number
  readAt: number
}

export function searchCatalog(service: SearchService, now: () => number = Date.now): Catalog {
  const entries = new Map<string, Entry>()
  let versions = 0
  return {
    index(name) {
      const stored = service.getIndex(name)
      if (!stored) {
        entries.delete(name)
        return undefined
      }
      const taskID = service.lastTaskID()
      const cached = entries.get(name)
      if (cached && cached.taskID === taskID && now() - cached.readAt < REFRESH_MS) return cached.index
      const records: SearchRecord[] = []
      for (const id of service.matchingObjectIDs(name, {})) {
        const record = service.getObject(name, id)
        if (record) records.push(record)
      }
      const byID = new Map(records.map((record) => [record.objectID, record]))
      versions += 1
      const index: CatalogIndex = {
        version: versions,
        records,
        get: (objectID) => byID.get(objectID),
        facetAttributes: (stored.settings.attributesForFaceting ?? []).map(facetAttributeName),
        customRanking: stored.settings.customRanking ?? [],
      }
      entries.set(name, { index, taskID, readAt: now() })
      return index
    },
  }
}
