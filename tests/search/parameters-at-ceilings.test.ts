// Random combinations of every search parameter the service accepts, each at its ceiling (a
// seeded fast-check run: CEILINGS_SEED replays one, CEILINGS_RUNS sets the count): with the public
// key each is answered (200) or refused (400, naming why), never a 5xx, and /healthz keeps
// answering beside them on the listening server. Timings are bounded generously: the machine is
// shared; what is asserted is that the probe was answered at all, within seconds.
import * as fc from 'fast-check'
import { afterAll, describe, expect } from 'vitest'
import { MAX_FACET_HITS, MAX_HITS_PER_PAGE, MAX_VALUES_PER_FACET } from '../../search-core/engine/limits.ts'
import { MAX_FILTERS, STRING_PARAM_LIMIT_BYTES } from '../../search-core/protocol/request-limits.ts'
import { type ParamName, SEARCH_PARAM_SPECS, type Spec } from '../../search-core/protocol/search-params.ts'
import { boxes, numericGroup, optionalPairs, polygon } from '../helpers/costly-searches.ts'
import { type HealthProbe, healthProbe } from '../helpers/health-probe.ts'
import { it } from './fixture.ts'

const RUNS = Number(process.env.CEILINGS_RUNS ?? 40)
const SEED =
  process.env.CEILINGS_SEED === undefined ? Date.now() % 2_147_483_647 : Number(process.env.CEILINGS_SEED)

/** Station words up to the string limit (a query at its ceiling finds something). */
const LONG_WORDS = 'bahnhof köln hbf berlin süd nord ost west '
  .repeat(20)
  .slice(0, STRING_PARAM_LIMIT_BYTES - 8)
  .trim()
const ATTRIBUTES = ['name', 'city', 'street', 'federalState', 'category', 'facilities', '_geoloc']
const MANY_ATTRIBUTES = Array.from(
  { length: 1000 },
  (_, i) => ATTRIBUTES[i % ATTRIBUTES.length]! + (i < 7 ? '' : i),
)
const MANY_WORDS = Array.from({ length: 1000 }, (_, i) => `wort${i}`)
const FACET_TERMS = Array.from({ length: MAX_FILTERS }, (_, i) => `federalState:Land${i}`)
const FILTERS_STRING = Array.from({ length: 60 }, (_, i) => `category:${i % 7}`)
  .join(' OR ')
  .slice(0, STRING_PARAM_LIMIT_BYTES)
  .replace(/ OR [^ ]*$/, '')
const POLYGONS = [[polygon(10_000)], [polygon(10_000, 0.3)], polygon(10_000, 1)]
const BOXES = [boxes(1000), boxes(100), [[52.3, 13.1, 52.7, 13.7]]]

/** Values at (or right at the edge of) a parameter's ceiling, by the parameter's kind. */
function ceilingOf(name: ParamName, spec: Spec): fc.Arbitrary<unknown> {
  switch (name) {
    case 'aroundLatLng':
      return fc.constantFrom('51.1,9.9', '52.52,13.4')
    case 'filters':
      return fc.constantFrom(FILTERS_STRING, 'NOT category:1')
    case 'numericFilters':
      return fc.constantFrom(numericGroup(MAX_FILTERS), numericGroup(MAX_FILTERS)[0])
    case 'facetFilters':
    case 'reRankingApplyFilter':
      return fc.constantFrom([FACET_TERMS], FACET_TERMS)
    case 'optionalFilters':
      return fc.constantFrom(optionalPairs(MAX_FILTERS / 2), optionalPairs(MAX_FILTERS / 2, false))
    case 'tagFilters':
      return fc.constant([MANY_WORDS])
    case 'sortFacetValuesBy':
      return fc.constantFrom('count', 'alpha')
  }
  const { kind } = spec
  if (Array.isArray(kind)) return fc.constantFrom(...kind)
  switch (kind) {
    case 'string':
      return fc.constantFrom(LONG_WORDS, 'x'.repeat(STRING_PARAM_LIMIT_BYTES))
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.constantFrom(spec.max ?? 1_000_000, spec.min ?? 0)
    case 'strings':
      return fc.constantFrom(MANY_ATTRIBUTES, ['*'], ATTRIBUTES)
    case 'stringOrStrings':
      return fc.constantFrom(MANY_WORDS, LONG_WORDS)
    case 'boolOrStrings':
      return fc.constantFrom(true, MANY_WORDS)
    case 'radius':
      return fc.constantFrom('all', 1_000_000)
    case 'precision':
      return fc.constantFrom(
        1,
        Array.from({ length: 100 }, (_, i) => ({ from: i * 1000, value: 10 })),
      )
    case 'box':
      return fc.constantFrom(...BOXES)
    case 'polygon':
      return fc.constantFrom(...POLYGONS)
    case 'typo':
      return fc.constantFrom('min', 'strict', true, false)
    case 'distinct':
      return fc.constantFrom(4, true)
    case 'object':
      return fc.constant({})
    case 'filter':
      return fc.constant([FACET_TERMS])
  }
  return fc.constant(undefined)
}

const NAMES = Object.keys(SEARCH_PARAM_SPECS) as ParamName[]
const CEILINGS = new Map(NAMES.map((name) => [name, ceilingOf(name, SEARCH_PARAM_SPECS[name])]))

/** A search: some parameters, each at its ceiling, the usual page sizes at theirs too. */
const searches = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 8 }).chain((names) =>
  fc.tuple(...names.map((name) => CEILINGS.get(name)!)).map((values) => {
    const params: Record<string, unknown> = { hitsPerPage: MAX_HITS_PER_PAGE }
    names.forEach((name, i) => {
      params[name] = values[i]
    })
    return params
  }),
)

const requests = fc.record({
  route: fc.constantFrom('query', 'queries', 'facets'),
  params: searches,
})

describe('every search parameter at its ceiling, in random combinations', () => {
  let probe: HealthProbe | undefined
  afterAll(async () => probe?.stop())

  it(`answers or refuses ${RUNS} searches with a 400, and /healthz keeps answering`, {
    timeout: 600_000,
  }, async ({ server }) => {
    probe = healthProbe(server.url)
    await probe.ready()
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(requests, async ({ route, params }) => {
        const body =
          route === 'queries'
            ? {
                requests: [
                  { indexName: 'stations', ...params },
                  { indexName: 'stations', ...params },
                ],
              }
            : route === 'facets'
              ? { ...params, maxFacetHits: MAX_FACET_HITS, maxValuesPerFacet: MAX_VALUES_PER_FACET }
              : params
        const path =
          route === 'queries'
            ? '/1/indexes/*/queries'
            : route === 'facets'
              ? '/1/indexes/stations/facets/federalState/query'
              : '/1/indexes/stations/query'
        // Read as text: parsing a large answer here would hold the thread the server shares.
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'x-algolia-application-id': server.appId, 'x-algolia-api-key': server.searchKey },
          body: JSON.stringify(body),
        })
        const text = await response.text()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (response.status !== 200 && response.status !== 400) {
          expect.fail(
            `${route} with ${Object.keys(params).join(', ')}: ${response.status} ${text.slice(0, 300)}`,
          )
        }
        if (response.status === 400)
          expect(JSON.parse(text)).toMatchObject({ status: 400, message: expect.any(String) })
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    const health = await probe.results()
    const worst = Math.max(...health.map((entry) => entry.ms))
    const summary = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ')
    console.log(
      `parameters at their ceilings: ${RUNS} searches (seed ${SEED}), statuses ${summary}; /healthz ${health.length} probes, worst ${worst.toFixed(0)} ms`,
    )
    expect(health.length).toBeGreaterThan(3)
    expect(health.filter((entry) => entry.status !== 200)).toEqual([])
    // Answered at all, within seconds: before the work budget one such search held it for 10 s.
    expect(worst).toBeLessThan(3000)
  })
})
