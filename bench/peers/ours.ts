// Our engine in the bench, with the product's station settings.
import { SearchIndex } from '../../search-core/engine/search-index.ts'
import type { FilterNode } from '../../search-core/engine/types.ts'
import { STATIONS_SETTINGS, type StationRecord } from '../../server/stations/station-records.ts'
import { HIT_CARD_ATTRIBUTES } from '../../web/stations/hit-card-attributes.ts'
import type { SearchSpec, WorkItem } from '../workload.ts'
import type { BenchEngine } from './types.ts'

function filtersOf(spec: SearchSpec): FilterNode | undefined {
  if (spec.refinements.length === 0) return undefined
  return {
    type: 'and',
    children: spec.refinements.map((r) => ({
      type: 'or',
      children: r.values.map((value): FilterNode => ({ type: 'facet', attribute: r.attribute, value })),
    })),
  }
}

function boostsOf(spec: SearchSpec): FilterNode | undefined {
  if (!spec.boosts?.length) return undefined
  return {
    type: 'and',
    children: spec.boosts.map((b) => ({
      type: 'or',
      children: b.values.map(
        (value): FilterNode => ({ type: 'facet', attribute: b.attribute, value, score: b.score }),
      ),
    })),
  }
}

export class OurEngine implements BenchEngine {
  readonly name = 'ours'
  #index: SearchIndex | undefined

  async build(records: readonly StationRecord[]): Promise<void> {
    const index = new SearchIndex(STATIONS_SETTINGS)
    index.save(records as StationRecord[])
    this.#index = index
  }

  async run(item: WorkItem): Promise<number> {
    const index = this.#index as SearchIndex
    if (item.kind === 'facetSearch')
      return index.searchForFacetValues(item.facet, item.prefix, {}).facetHits.length
    let first = -1
    for (const spec of item.searches) {
      const result = index.search({
        query: spec.query,
        facets: spec.facets,
        hitsPerPage: spec.hitsPerPage,
        filters: filtersOf(spec),
        insideBoundingBox: spec.box ? [spec.box] : undefined,
        optionalFilters: boostsOf(spec),
        // What the results page retrieves (as MiniSearch returns only its stored fields).
        attributesToRetrieve: HIT_CARD_ATTRIBUTES,
      })
      if (first < 0) first = result.nbHits
    }
    return first
  }

  unsupported(): string | undefined {
    return undefined
  }

  note(): string | undefined {
    return undefined
  }

  dispose(): void {
    this.#index = undefined
  }
}
