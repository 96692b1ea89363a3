// The search service's indexes as the recommendation models read them: every record, the facet
// attributes and customRanking. An index is read again after a write, and at least every 30 s so
// that writes applied in the background are seen too; between those, no request touches SQLite.
import type { SearchRecord } from '../../../search-core/index.ts'
import type { Catalog, CatalogIndex } from '../recommend/types.ts'
import type { StoredSettings } from '../store/search-store.ts'
import type { SearchService } from './search-service.ts'

const REFRESH_MS = 30_000

/** `searchable(name)`, `filterOnly(name)`, `afterDistinct(name)` → `name`. */
function facetAttributeName(declared: string): string {
  return /^\w+\((.+)\)$/.exec(declared)?.[1] ?? declared
}

interface Entry {
  index: CatalogIndex
  settings: StoredSettings
  taskID: number
  readAt: number
}

export class RecommendCatalog implements Catalog {
  readonly #service: SearchService
  readonly #now: () => number
  readonly #entries = new Map<string, Entry | null>()
  #versions = 0

  constructor(service: SearchService, now: () => number = Date.now) {
    this.#service = service
    this.#now = now
  }

  index(name: string): CatalogIndex | undefined {
    return this.#entry(name)?.index
  }

  /** The index's settings, or undefined when there is no such index. */
  settings(name: string): StoredSettings | undefined {
    return this.#entry(name)?.settings
  }

  #entry(name: string): Entry | undefined {
    const taskID = this.#service.lastTaskID()
    const cached = this.#entries.get(name)
    if (cached && cached.taskID === taskID && this.#now() - cached.readAt < REFRESH_MS) return cached
    const stored = this.#service.getIndex(name)
    if (!stored) {
      this.#entries.delete(name)
      return undefined
    }
    const records: SearchRecord[] = []
    for (const id of this.#service.matchingObjectIDs(name, {})) {
      const record = this.#service.getObject(name, id)
      if (record) records.push(record)
    }
    const byID = new Map(records.map((record) => [record.objectID, record]))
    this.#versions += 1
    const entry: Entry = {
      index: {
        version: this.#versions,
        records,
        get: (objectID) => byID.get(objectID),
        facetAttributes: (stored.settings.attributesForFaceting ?? []).map(facetAttributeName),
        customRanking: stored.settings.customRanking ?? [],
      },
      settings: stored.settings,
      taskID,
      readAt: this.#now(),
    }
    this.#entries.set(name, entry)
    return entry
  }
}
