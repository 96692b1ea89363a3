// The parameter audit: every search parameter and index setting of Algolia's spec is either
// implemented or refused with a 400 that names it, as docs/search-api.md's tables say. A new spec
// version with a new name fails here until the name is given a row there (and in the audit table
// of search-core/protocol/parameter-audit.ts, which the service refuses by). That the service
// refuses no name documented as implemented, cts-fixtures.test.ts shows: the official clients'
// fixtures send every parameter.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect } from 'vitest'
import { parse } from 'yaml'
import { documentedSupport } from '../helpers/parameter-audit.ts'
import { it } from './fixture.ts'

const SPEC = fileURLToPath(new URL('../../../shared/algolia-api/specs/search.yml', import.meta.url))
type Schema = {
  $ref?: string
  properties?: Record<string, unknown>
  allOf?: Schema[]
  oneOf?: Schema[]
  anyOf?: Schema[]
}
const schemas = (parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, Schema> } })
  .components.schemas

/** Property names of a schema, following $ref and allOf/oneOf/anyOf. */
function propertiesOf(name: string): string[] {
  const names = new Set<string>()
  const seen = new Set<string>()
  const walk = (node: Schema | undefined): void => {
    if (!node) return
    if (node.$ref) {
      const target = node.$ref.split('/').pop() as string
      if (!seen.has(target)) {
        seen.add(target)
        walk(schemas[target])
      }
      return
    }
    for (const key of Object.keys(node.properties ?? {})) names.add(key)
    for (const list of [node.allOf, node.oneOf, node.anyOf]) list?.forEach(walk)
  }
  walk(schemas[name])
  return [...names]
}

// Request fields that are not parameters: the `params` string and the multi-query envelope.
const ENVELOPE = new Set(['params', 'indexName', 'type', 'facet'])
const searchNames = [
  ...new Set(
    ['searchParams', 'browseParamsObject', 'searchForFacetsOptions', 'searchForHitsOptions'].flatMap(
      propertiesOf,
    ),
  ),
].filter((name) => !ENVELOPE.has(name))
const settingNames = propertiesOf('indexSettings')

/** A value other than the default, per refused name, to check that it is refused. */
const NOT_DEFAULT: Record<string, unknown> = {
  similarQuery: 'berlin hbf',
  optionalFilters: ['federalState:Bayern'],
  sumOrFiltersScores: true,
  aroundLatLngViaIP: true,
  naturalLanguages: ['de'],
  mode: 'neuralSearch',
  semanticSearch: { eventSources: ['stations'] },
  disableExactOnAttributes: ['name'],
  alternativesAsExact: ['multiWordsSynonym'],
  replaceSynonymsInHighlight: true,
  minProximity: 2,
  attributeCriteriaComputedByMinProximity: true,
  enableReRanking: true,
  reRankingApplyFilter: 'category:1',
  extensions: { queryCategorization: { enableAutoFiltering: true } },
  attributesToTransliterate: ['name'],
  camelCaseAttributes: ['name'],
  disablePrefixOnAttributes: ['ril100'],
  numericAttributesForFiltering: ['category'],
  separatorsToIndex: '+#',
  customNormalization: { default: { ä: 'ae' } },
  keepDiacriticsOnCharacters: 'öäü',
}

const documented = documentedSupport()
const refused = [...documented].filter(([, status]) => status === 'refused').map(([name]) => name)

describe('parameter audit', () => {
  it('documents every search parameter and setting of the spec, and no other name', () => {
    const names = new Set([...searchNames, ...settingNames])
    expect([...names].filter((name) => !documented.has(name))).toEqual([])
    expect([...documented.keys()].filter((name) => !names.has(name))).toEqual([])
    expect(searchNames.length).toBeGreaterThan(70)
    expect(settingNames.length).toBeGreaterThan(55)
    expect(refused.length).toBeGreaterThan(5)
  })

  it('refuses each refused search parameter with a 400 that names it and says what to do', async ({
    server,
  }) => {
    for (const name of refused.filter((name) => searchNames.includes(name))) {
      const value = NOT_DEFAULT[name]
      expect(value, name).toBeDefined()
      const response = await server.request('POST', '/1/indexes/stations/query', { [name]: value })
      expect(response.status, name).toBe(400)
      expect((response.body as { message: string }).message).toMatch(
        new RegExp(`^Unsupported parameter: ${name} \\(.+\\): .+`),
      )
    }
  })

  it('refuses them in a params string too, as InstantSearch sends them', async ({ server }) => {
    const response = await server.request('POST', '/1/indexes/*/queries', {
      requests: [{ indexName: 'stations', params: 'query=x&aroundLatLngViaIP=true' }],
    })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(
      /^Unsupported parameter: aroundLatLngViaIP/,
    )
  })

  it('accepts a refused parameter at its default value, as exports and clients send it', async ({
    server,
  }) => {
    const response = await server.search({
      query: 'berlin',
      mode: 'keywordSearch',
      minProximity: 1,
      alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
      replaceSynonymsInHighlight: false,
      aroundLatLngViaIP: false,
      optionalFilters: [],
      // A list of blank names names nothing, where an empty list is the default.
      disableExactOnAttributes: [''],
      reRankingApplyFilter: [' '],
    })
    expect(response.nbHits).toBeGreaterThan(10)
  })

  it('refuses each refused setting on setSettings, and changes nothing', async ({ server }) => {
    const client = server.client()
    const refusedSettings = refused.filter((name) => settingNames.includes(name))
    expect(refusedSettings.length).toBeGreaterThan(0)
    for (const name of refusedSettings) {
      const response = await server.request('PUT', '/1/indexes/stations/settings', {
        hitsPerPage: 7,
        [name]: NOT_DEFAULT[name],
      })
      expect(response.status, name).toBe(400)
      expect((response.body as { message: string }).message).toContain(`Unsupported parameter: ${name}`)
    }
    expect(await client.getSettings({ indexName: 'stations' })).not.toHaveProperty('hitsPerPage', 7)
  })

  it('accepts what other parts of the service implement (query language, rules, insights)', async ({
    server,
  }) => {
    const response = await server.search({
      query: 'berlin',
      ignorePlurals: true,
      removeStopWords: ['de'],
      queryLanguages: ['de'],
      enableRules: true,
      ruleContexts: ['suche'],
      analytics: false,
      analyticsTags: ['web'],
      enablePersonalization: false,
      userToken: 'user-1',
    })
    expect(response.nbHits).toBeGreaterThan(10)
  })
})
