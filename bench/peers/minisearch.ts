// MiniSearch 7 in the bench: full text on the same fields; facets, filters and boxes in JS over
// its results (it has none of them), with stored fields.
import MiniSearch, { type SearchResult } from 'minisearch'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { SEARCHABLE, type SearchSpec, type WorkItem } from '../workload.ts'
import { type Counts, countValues, facetValueSearch } from './emulate.ts'
import type { BenchEngine } from './types.ts'

const STORED = [
  'federalState',
  'category',
  'facilities',
  'steplessAccess',
  'operator',
  'segment',
  'weight',
  'lat',
  'lng',
]

function matches(spec: SearchSpec, r: SearchResult): boolean {
  for (const ref of spec.refinements) {
    const v = r[ref.attribute]
    const values = Array.isArray(v) ? v.map(String) : [String(v)]
    if (!ref.values.some((x) => values.includes(x))) return false
  }
  if (spec.box) {
    const [a, b, c, d] = spec.box
    const lat = r.lat as number
    const lng = r.lng as number
    if (!(lat <= Math.max(a, c) && lat >= Math.min(a, c) && lng >= Math.min(b, d) && lng <= Math.max(b, d)))
      return false
  }
  return true
}

export class MiniSearchEngine implements BenchEngine {
  readonly name = 'MiniSearch'
  #ms: MiniSearch | undefined

  async build(records: readonly StationRecord[]): Promise<void> {
    const ms = new MiniSearch({
      idField: 'objectID',
      fields: SEARCHABLE,
      storeFields: STORED,
      extractField: (doc, field) => {
        const r = doc as StationRecord
        if (field === 'lat') return r._geoloc?.lat
        if (field === 'lng') return r._geoloc?.lng
        return r[field]
      },
    })
    ms.addAll(records as StationRecord[])
    this.#ms = ms
  }

  #search(spec: SearchSpec): SearchResult[] {
    const ms = this.#ms as MiniSearch
    const results = ms.search(spec.query === '' ? MiniSearch.wildcard : spec.query, {
      combineWith: 'AND',
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
      filter: spec.refinements.length > 0 || spec.box ? (r) => matches(spec, r) : undefined,
    })
    // Empty query: rank by weight like the custom ranking.
    if (spec.query === '') results.sort((x, y) => (y.weight as number) - (x.weight as number))
    return results
  }

  async run(item: WorkItem): Promise<number> {
    if (item.kind === 'facetSearch') {
      const counts: Counts = new Map()
      for (const r of this.#search({ query: '', facets: [], hitsPerPage: 0, refinements: [] })) {
        countValues(counts, r[item.facet])
      }
      return facetValueSearch(counts, item.prefix).length
    }
    let first = -1
    for (const spec of item.searches) {
      const results = this.#search(spec)
      const facets = spec.facets.map((f) => {
        const counts: Counts = new Map()
        for (const r of results) countValues(counts, r[f])
        return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 100)
      })
      void facets
      void results.slice(0, spec.hitsPerPage)
      if (first < 0) first = results.length
    }
    return first
  }

  unsupported(item: WorkItem): string | undefined {
    if (item.kind === 'search' && item.searches.some((s) => s.boosts?.length)) return 'no optional filters'
    return undefined
  }

  note(item: WorkItem): string | undefined {
    if (item.kind === 'facetSearch') return 'JS facet counting + prefix filter'
    return 'facets/filters/boxes in JS'
  }

  dispose(): void {
    this.#ms = undefined
  }
}
