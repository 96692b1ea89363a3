// The bench workload: the request shapes InstantSearch sends for the station finder, engine-agnostic.

const FACETS = ['federalState', 'category', 'facilities', 'steplessAccess', 'operator', 'segment']
export const SEARCHABLE = ['name', 'city', 'ril100', 'zipcode']

interface Refinement {
  attribute: string
  values: string[]
}

/** One search request: all refinements ANDed, the values of one refinement ORed. */
export interface SearchSpec {
  query: string
  facets: string[]
  hitsPerPage: number
  refinements: Refinement[]
  box?: [number, number, number, number]
  /** The query contains a deliberate typo (peers with one global tolerance need to know). */
  typo?: boolean
  /** Optional filters: each refinement an OR group of `attribute:value` boosts with this score. */
  boosts?: (Refinement & { score: number })[]
}

export type WorkItem =
  | { kind: 'search'; searches: SearchSpec[] }
  | { kind: 'facetSearch'; facet: string; prefix: string }

export interface QueryClass {
  name: string
  items: WorkItem[]
}

const single = (spec: Partial<SearchSpec> & { query: string }): WorkItem => ({
  kind: 'search',
  searches: [{ facets: FACETS, hitsPerPage: 20, refinements: [], ...spec }],
})

/** What the helper sends for a refined disjunctive facet state: the main query + one per facet. */
function disjunctive(query: string, refinements: Refinement[]): WorkItem {
  const main: SearchSpec = { query, facets: FACETS, hitsPerPage: 20, refinements }
  const perFacet = refinements.map(
    (r): SearchSpec => ({
      query,
      facets: [r.attribute],
      hitsPerPage: 0,
      refinements: refinements.filter((other) => other !== r),
    }),
  )
  return { kind: 'search', searches: [main, ...perFacet] }
}

/** ~40 km boxes around big cities. */
const CITIES: [number, number][] = [
  [52.52, 13.405],
  [48.137, 11.575],
  [50.11, 8.682],
  [53.551, 9.993],
  [50.937, 6.96],
  [51.05, 13.738],
  [48.775, 9.182],
  [51.339, 12.377],
]

export function queryClasses(): QueryClass[] {
  return [
    { name: 'empty query + 6 facets', items: [single({ query: '' })] },
    {
      name: 'one-word prefix',
      items: ['ber', 'mün', 'ham', 'frank', 'kö', 'dres', 'leip', 'stutt', 'bad', 'neu'].map((query) =>
        single({ query }),
      ),
    },
    {
      name: 'two words',
      items: [
        'berlin hbf',
        'frankfurt main',
        'münchen ost',
        'hamburg altona',
        'köln messe',
        'bad homburg',
      ].map((query) => single({ query })),
    },
    {
      name: 'typo (frankfrut, …)',
      items: ['frankfrut', 'muenchne', 'hambrug', 'dresdne', 'stuttgrat', 'nürnbreg'].map((query) =>
        single({ query, typo: true }),
      ),
    },
    {
      name: 'disjunctive multi-query (3 req.)',
      items: [
        disjunctive('', [
          { attribute: 'federalState', values: ['Bayern', 'Hessen'] },
          { attribute: 'category', values: ['3', '4'] },
        ]),
        disjunctive('', [
          { attribute: 'steplessAccess', values: ['ja'] },
          { attribute: 'facilities', values: ['WLAN', 'WC'] },
        ]),
        disjunctive('bahnhof', [
          { attribute: 'federalState', values: ['Nordrhein-Westfalen'] },
          { attribute: 'segment', values: ['Regionaler Knoten', 'Großstadtknoten'] },
        ]),
      ],
    },
    {
      name: 'bounding box + facets',
      items: CITIES.map(([lat, lng]) =>
        single({ query: '', box: [lat + 0.2, lng - 0.3, lat - 0.2, lng + 0.3] }),
      ),
    },
    {
      name: 'optional filters (2 boosts)',
      items: ['', 'bahnhof', 'ber', 'münchen'].map((query) =>
        single({
          query,
          boosts: [
            { attribute: 'federalState', values: ['Bayern', 'Sachsen'], score: 2 },
            { attribute: 'steplessAccess', values: ['ja'], score: 1 },
          ],
        }),
      ),
    },
    {
      name: 'facet-value search',
      items: (
        [
          ['operator', 'v'],
          ['operator', 'db'],
          ['federalState', 'sa'],
          ['facilities', 'r'],
          ['segment', 'reg'],
        ] as const
      ).map(([facet, prefix]) => ({ kind: 'facetSearch', facet, prefix })),
    },
  ]
}
