// The search service: engine indexes in memory, derived from the store and kept in step with it.
// (Skeleton by the lead: the protocol work fills this in.)
import type { SearchStore } from './store/search-store.ts'

export class SearchService {
  readonly store: SearchStore
  #ready = false

  constructor(store: SearchStore) {
    this.store = store
  }

  get ready(): boolean {
    return this.#ready
  }

  /** Builds every index from the store. */
  async load(): Promise<void> {
    this.#ready = true
  }

  hasIndex(name: string): boolean {
    return this.store.getIndex(name) !== undefined
  }

  getObject(index: string, objectID: string): Record<string, unknown> | undefined {
    return this.store.getRecord(index, objectID)
  }
}
