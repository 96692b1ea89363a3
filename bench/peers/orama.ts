// Orama 3 in the bench: enums for facets, a geopoint for boxes, BM25 full text on the same fields.
import { create, insertMultiple, search } from '@orama/orama'
import type { StationRecord } from '../../server/stations/station-records.ts'
import { SEARCHABLE, type SearchSpec, type WorkItem } from '../workload.ts'
import { facetValueSearch } from './emulate.ts'
import type { BenchEngine } from './types.ts'

const schema = {
  name: 'string',
  city: 'string',
  ril100: 'string',
  zipcode: 'string',
  federalState: 'enum',
  category: 'enum',
  facilities: 'enum[]',
  steplessAccess: 'enum',
  operator: 'enum',
  segment: 'enum',
  weight: 'number',
  location: 'geopoint',
} as const

function createDb() {
  return create({ schema })
}
type Db = ReturnType<typeof createDb>

function toDoc(r: StationRecord) {
  return {
    id: r.objectID,
    name: r.name,
    city: r.city ?? '',
    ril100: r.ril100 ?? '',
    zipcode: r.zipcode ?? '',
    federalState: r.federalState ?? '',
    category: r.category ?? 0,
    facilities: r.facilities,
    steplessAccess: r.steplessAccess,
    operator: r.operator ?? '',
    segment: r.segment ?? '',
    weight: r.weight,
    ...(r._geoloc ? { location: { lat: r._geoloc.lat, lon: r._geoloc.lng } } : {}),
  }
}

function where(spec: SearchSpec): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {}
  for (const r of spec.refinements) {
    if (r.attribute === 'facilities') out[r.attribute] = { containsAny: r.values }
    else if (r.attribute === 'category') out[r.attribute] = { in: r.values.map(Number) }
    else out[r.attribute] = { in: r.values }
  }
  if (spec.box) {
    const [a, b, c, d] = spec.box
    out.location = {
      polygon: {
        coordinates: [
          { lat: a, lon: b },
          { lat: a, lon: d },
          { lat: c, lon: d },
          { lat: c, lon: b },
          { lat: a, lon: b },
        ],
      },
    }
  }
  return Object.keys(out).length > 0 ? out : undefined
}

export class OramaEngine implements BenchEngine {
  readonly name = 'Orama'
  #db: Db | undefined

  async build(records: readonly StationRecord[]): Promise<void> {
    const db = createDb()
    await insertMultiple(db, records.map(toDoc), 5000)
    this.#db = db
  }

  async run(item: WorkItem): Promise<number> {
    const db = this.#db as Db
    if (item.kind === 'facetSearch') {
      const result = await search(db, { term: '', limit: 0, facets: { [item.facet]: { limit: 1000 } } })
      const values = result.facets?.[item.facet]?.values ?? {}
      return facetValueSearch(Object.entries(values), item.prefix).length
    }
    let first = -1
    for (const spec of item.searches) {
      const result = await search(db, {
        term: spec.query,
        properties: SEARCHABLE as unknown as ('name' | 'city' | 'ril100' | 'zipcode')[],
        // One global tolerance: 2 for the typo class (Levenshtein counts a transposition as 2).
        tolerance: spec.typo ? 2 : 0,
        threshold: 0,
        limit: spec.hitsPerPage,
        facets: Object.fromEntries(spec.facets.map((f) => [f, { limit: 100 }])),
        where: where(spec) as never,
        ...(spec.query === '' ? { sortBy: { property: 'weight', order: 'DESC' as const } } : {}),
      })
      if (first < 0) first = result.count
    }
    return first
  }

  unsupported(item: WorkItem): string | undefined {
    if (item.kind === 'search' && item.searches.some((s) => s.boosts?.length)) return 'no optional filters'
    return undefined
  }

  note(item: WorkItem): string | undefined {
    if (item.kind === 'facetSearch') return 'no facet-value search: facet counts + JS prefix filter'
    if (item.kind === 'search' && item.searches.some((s) => s.typo)) return 'tolerance 2 on all words'
    return undefined
  }

  dispose(): void {
    this.#db = undefined
  }
}
