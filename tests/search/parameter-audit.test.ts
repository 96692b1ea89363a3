// The parameter audit: every search parameter and index setting of Algolia's spec is either
// implemented or refused with a 400 that names it. A new spec version with a new name fails here
// until the name is given a row in the audit table.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect } from 'vitest'
import { parse } from 'yaml'
import {
  PARAMETER_SUPPORT,
  SETTING_SUPPORT,
  type Support,
  supportOf,
} from '../../search-core/protocol/parameter-audit.ts'
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

const refusedOf = (table: Record<string, Support>) =>
  Object.entries(table).filter(([, support]) => support.status === 'refused')

describe('parameter audit', () => {
  it('gives every search parameter and setting of the spec a row', () => {
    const missing = [...searchNames, ...settingNames].filter((name) => supportOf(name) === undefined)
    expect(missing).toEqual([])
    expect(searchNames.length).toBeGreaterThan(70)
    expect(settingNames.length).toBeGreaterThan(55)
  })

  it('lists no name the spec does not know', () => {
    const known = new Set([...searchNames, ...settingNames])
    const extra = [...Object.keys(PARAMETER_SUPPORT), ...Object.keys(SETTING_SUPPORT)].filter(
      (name) => !known.has(name),
    )
    expect(extra).toEqual([])
  })

  it('documents every row in docs/search-api.md, with its status', () => {
    const docs = readFileSync(fileURLToPath(new URL('../../docs/search-api.md', import.meta.url)), 'utf8')
    const rows = [...Object.entries(PARAMETER_SUPPORT), ...Object.entries(SETTING_SUPPORT)]
    const wrong = rows.filter(
      ([name, support]) => !new RegExp(`^\\| \`${name}\` +\\| ${support.status}`, 'm').test(docs),
    )
    expect(wrong.map(([name]) => name)).toEqual([])
  })

  it('refuses each refused search parameter with a 400 that names it and says what to do', async ({
    server,
  }) => {
    for (const [name] of refusedOf(PARAMETER_SUPPORT)) {
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
    const refused = [...refusedOf(SETTING_SUPPORT), ...refusedOf(PARAMETER_SUPPORT)].filter(([name]) =>
      settingNames.includes(name),
    )
    expect(refused.length).toBeGreaterThan(0)
    for (const [name] of refused) {
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
