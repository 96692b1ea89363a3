// `node bench/work-costs.bench.ts`: what a unit of the work budget costs on this machine. Runs
// search shapes that each stress one kind of work (filter terms × records, polygon edges ×
// candidates, hits × highlighted text, …) on the stations, with the parameters at Algolia's
// ceilings, and prints per shape the units charged, the main thread's CPU time per search (other
// processes on a busy machine do not count) and the nanoseconds per unit. The
// costs in search-core/engine/work-budget.ts are set so that a unit is about a nanosecond
// (at most ~2 on every shape): then SLICE_UNITS bounds the time one search holds the event loop.
import { loadStations } from '../scripts/generate-records.ts'
import { SearchIndex } from '../search-core/engine/search-index.ts'
import type { SearchParams } from '../search-core/engine/types.ts'
import { SLICE_UNITS, WorkBudget } from '../search-core/engine/work-budget.ts'
import { toEngineParams } from '../search-core/protocol/engine-params.ts'
import type { Params } from '../search-core/protocol/search-params.ts'
import { STATIONS_SETTINGS } from '../server/stations/station-records.ts'

const index = new SearchIndex(STATIONS_SETTINGS)
index.save(await loadStations())

const STATES = ['Bayern', 'Berlin', 'Hessen', 'Sachsen', 'Hamburg', 'Bremen', 'Saarland', 'Thüringen']

function circle(points: number, radius: number): number[] {
  const out: number[] = []
  for (let i = 0; i < points; i++) {
    const angle = (2 * Math.PI * i) / points
    out.push(51 + radius * Math.sin(angle), 10 + 1.5 * radius * Math.cos(angle))
  }
  return out
}

/** Wire parameters (unchecked: some shapes are past the protocol's ceilings on purpose). */
const SHAPES: Record<string, Params> = {
  'numericFilters: 1,000 terms in one OR group': {
    numericFilters: [Array.from({ length: 1000 }, (_, i) => `category = ${i}`)],
  },
  'facetFilters: 1,000 terms ANDed': {
    facetFilters: Array.from({ length: 1000 }, (_, i) => `federalState:-${STATES[i % 8]}${i}`),
  },
  'facetFilters: 1,000 numeric-looking values ORed': {
    facetFilters: [Array.from({ length: 1000 }, (_, i) => `category:${i}`)],
  },
  'optionalFilters: 500 OR pairs, summed': {
    optionalFilters: Array.from({ length: 500 }, (_, i) => [
      `federalState:${STATES[i % 8]}`,
      `category:${i % 7}`,
    ]),
    sumOrFiltersScores: true,
    hitsPerPage: 100,
  },
  'optionalFilters: 10 leaves (score table)': {
    optionalFilters: Array.from({ length: 10 }, (_, i) => `federalState:${STATES[i % 8]}`),
    hitsPerPage: 100,
  },
  'insidePolygon: 10,000 points': { insidePolygon: [circle(10_000, 3)] },
  'insidePolygon: 1,000 points around everything': { insidePolygon: [circle(1000, 20)] },
  'insidePolygon: 10,000 points around a city': { insidePolygon: [circle(10_000, 0.2)] },
  'insideBoundingBox: 1,000 boxes over Germany': {
    insideBoundingBox: Array.from({ length: 1000 }, () => [47, 5, 55, 15]),
  },
  'insideBoundingBox: 1,000 small boxes': {
    insideBoundingBox: Array.from({ length: 1000 }, (_, i) => [
      50 + (i % 10) / 10,
      8,
      50.05 + (i % 10) / 10,
      8.1,
    ]),
  },
  'aroundLatLng, radius all': { aroundLatLng: '51,10', aroundRadius: 'all', hitsPerPage: 100 },
  'query: 16 one-letter prefixes': {
    query: 'a b c d e f g h i k l m n o p s',
    queryType: 'prefixAll',
    removeWordsIfNoResults: 'none',
  },
  'query: 16 one-letter prefixes, all optional': {
    query: 's b k h m w f a n d g l r o e t',
    queryType: 'prefixAll',
    removeWordsIfNoResults: 'allOptional',
    hitsPerPage: 100,
  },
  'query: 16 typos': {
    query:
      'frankfrut müncehn hambrug kolnn berlni dresdne leipizg stuttgrat bremne hannvoer essne dortmnud duisbrug bochmu wuppertla bielefled',
    removeWordsIfNoResults: 'allOptional',
    hitsPerPage: 100,
  },
  'query: bahnhof, 1,000 hits, every attribute highlighted': {
    query: 'bahnhof',
    hitsPerPage: 1000,
    attributesToHighlight: ['*'],
    attributesToSnippet: ['*:20'],
  },
  'empty query, 1,000 hits, lean': {
    hitsPerPage: 1000,
    attributesToRetrieve: ['name', '_geoloc', 'steplessAccess'],
    attributesToHighlight: [],
  },
  'empty query, 100 hits, 10,000 attribute names': {
    hitsPerPage: 100,
    attributesToHighlight: Array.from({ length: 10_000 }, (_, i) => `a${i}`),
  },
  'query: s, every facet': { query: 's', facets: ['*'], maxValuesPerFacet: 1000 },
  'query: berlin, relevant sort of all': { query: 'berlin', hitsPerPage: 1000 },
  'query: 4 optional words, sorted by name': {
    query: 'bahnhof berlin süd nord',
    optionalWords: 'bahnhof berlin süd nord',
    ranking: ['asc(name)', 'typo', 'words', 'proximity'],
    hitsPerPage: 1000,
  },
}

/** Each shape runs until it has used this much CPU (the thread's CPU clock ticks coarsely). */
const CPU_MS = Number(process.env.CPU_MS ?? 300)

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(since)
  return (used.user + used.system) / 1000
}

const rows: string[] = []
let worst = 0
for (const [name, wire] of Object.entries(SHAPES)) {
  const params: SearchParams = toEngineParams(wire)
  // A first run warms the code up and counts the units (every run charges the same).
  const budget = new WorkBudget(Number.POSITIVE_INFINITY)
  index.search({ ...params, budget })
  const units = budget.spent
  let runs = 0
  const started = process.threadCpuUsage()
  while (runs < 3 || cpuMs(started) < CPU_MS) {
    // A search of other words in between: the matcher keeps only the last query's match.
    index.search({ query: `x${runs}`, hitsPerPage: 0 })
    index.search({ ...params, budget: new WorkBudget(Number.POSITIVE_INFINITY) })
    runs++
  }
  const ms = cpuMs(started) / runs
  const perUnit = (ms * 1e6) / units
  worst = Math.max(worst, perUnit)
  rows.push(
    `${name.padEnd(56)} ${(units / 1e6).toFixed(2).padStart(8)} M units ${ms.toFixed(2).padStart(8)} ms ${perUnit.toFixed(2).padStart(6)} ns/unit`,
  )
}
console.log(rows.join('\n'))
console.log(
  `worst ${worst.toFixed(2)} ns/unit: one slice of ${SLICE_UNITS / 1e6} M units holds the event loop for at most ~${((SLICE_UNITS * worst) / 1e6).toFixed(0)} ms here`,
)
