// Query rules through the official client: saved, read, searched, deleted and cleared; each
// condition (pattern and anchoring, facet placeholders, alternatives, context, filters) and
// consequence (promote, hide, filters, query edits, userData, renderingContent) seen in searches.
import type { Rule } from 'algoliasearch'
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const INDEX = 'stations_rules'
const BER = '8011201' // Flughafen BER - Terminal 1-2
const KIEL = '8000199' // Kiel Hbf

async function withRules(server: SearchServer, rules: Rule[]): Promise<void> {
  const client = server.client()
  const { taskID } = await client.saveRules({ indexName: INDEX, rules, clearExistingRules: true })
  await client.waitForTask({ indexName: INDEX, taskID })
}

async function ids(server: SearchServer, params: Record<string, unknown>): Promise<string[]> {
  const result = await server.search({ hitsPerPage: 5, ...params }, INDEX)
  return result.hits.map((hit) => hit.objectID)
}

describe('query rules', () => {
  // Copying 5,388 records and building their index takes seconds; more on a busy machine.
  it('copies the stations with their rules into an index of its own', { timeout: 120_000 }, async ({
    server,
  }) => {
    const client = server.client()
    const { taskID } = await client.operationIndex({
      indexName: 'stations',
      operationIndexParams: { operation: 'copy', destination: INDEX },
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    const shipped = await client.searchRules({ indexName: 'stations', searchRulesParams: {} })
    const copied = await client.searchRules({ indexName: INDEX, searchRulesParams: {} })
    expect(copied.nbHits).toBe(shipped.nbHits)
    expect(copied.nbHits).toBeGreaterThan(0)
  })

  it('saves, gets, searches, deletes and clears rules', async ({ server }) => {
    const client = server.client()
    await withRules(server, [])
    const rule: Rule = {
      objectID: 'kiel-first',
      description: 'Kiel zuerst',
      conditions: [{ pattern: 'hafen', anchoring: 'contains' }],
      consequence: { promote: [{ objectID: KIEL, position: 0 }] },
    }
    const saved = await client.saveRule({ indexName: INDEX, objectID: rule.objectID, rule })
    await client.waitForTask({ indexName: INDEX, taskID: saved.taskID })
    expect(await client.getRule({ indexName: INDEX, objectID: 'kiel-first' })).toEqual(rule)
    const batch = await client.saveRules({
      indexName: INDEX,
      rules: [{ objectID: 'other', enabled: false, consequence: { userData: { a: 1 } } }],
    })
    await client.waitForTask({ indexName: INDEX, taskID: batch.taskID })
    const all = await client.searchRules({ indexName: INDEX, searchRulesParams: {} })
    expect(all.hits.map((hit) => hit.objectID).sort()).toEqual(['kiel-first', 'other'])
    const byText = await client.searchRules({ indexName: INDEX, searchRulesParams: { query: 'kiel' } })
    expect(byText.hits.map((hit) => hit.objectID)).toEqual(['kiel-first'])
    const enabled = await client.searchRules({ indexName: INDEX, searchRulesParams: { enabled: true } })
    expect(enabled.hits.map((hit) => hit.objectID)).toEqual(['kiel-first'])
    const byAnchoring = await client.searchRules({
      indexName: INDEX,
      searchRulesParams: { anchoring: 'is', hitsPerPage: 1 },
    })
    expect(byAnchoring).toMatchObject({ nbHits: 0, page: 0, nbPages: 0 })

    const deleted = await client.deleteRule({ indexName: INDEX, objectID: 'kiel-first' })
    await client.waitForTask({ indexName: INDEX, taskID: deleted.taskID })
    const missing = await server.request('GET', `/1/indexes/${INDEX}/rules/kiel-first`)
    expect(missing).toMatchObject({ status: 404, body: { status: 404 } })
    const cleared = await client.clearRules({ indexName: INDEX })
    await client.waitForTask({ indexName: INDEX, taskID: cleared.taskID })
    expect((await client.searchRules({ indexName: INDEX, searchRulesParams: {} })).nbHits).toBe(0)
  })

  it('refuses a malformed rule with a 400 that names the field, and needs the admin rights', async ({
    server,
  }) => {
    const bad = await server.request('PUT', `/1/indexes/${INDEX}/rules/x`, {
      conditions: [{ pattern: 'a', anchoring: 'around' }],
      consequence: {},
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('anchoring')
    const badParam = await server.request('PUT', `/1/indexes/${INDEX}/rules/x`, {
      consequence: { params: { hitsPerPage: 'many' } },
    })
    expect(badParam.status).toBe(400)
    const searchKey = await server.request(
      'POST',
      `/1/indexes/${INDEX}/rules/search`,
      {},
      {
        'x-algolia-api-key': server.searchKey,
      },
    )
    expect(searchKey.status).toBe(403)
  })

  it('promotes records for each anchoring, and reports the applied rules with getRankingInfo', async ({
    server,
  }) => {
    await withRules(server, [
      {
        objectID: 'is',
        conditions: [{ pattern: 'kiel', anchoring: 'is' }],
        consequence: { promote: [{ objectID: BER, position: 1 }] },
      },
      {
        objectID: 'starts',
        conditions: [{ pattern: 'bahnhof', anchoring: 'startsWith' }],
        consequence: { promote: [{ objectIDs: [KIEL], position: 0 }] },
      },
      {
        objectID: 'ends',
        conditions: [{ pattern: 'ost', anchoring: 'endsWith' }],
        consequence: { promote: [{ objectID: BER, position: 0 }] },
      },
      {
        objectID: 'contains',
        conditions: [{ pattern: 'zoo', anchoring: 'contains' }],
        consequence: { promote: [{ objectID: KIEL, position: 2 }] },
      },
    ])
    const kiel = await server.search({ query: 'kiel', hitsPerPage: 5, getRankingInfo: true }, INDEX)
    expect(kiel.hits[1]?.objectID).toBe(BER)
    expect(kiel.hits[1]?._rankingInfo?.promoted).toBe(true)
    expect(kiel.hits[0]?._rankingInfo?.promoted).toBeUndefined()
    expect(kiel.appliedRules).toEqual([{ objectID: 'is' }])
    expect(await ids(server, { query: 'kiel hbf' })).not.toContain(BER)
    expect((await ids(server, { query: 'bahnhof zoo' }))[0]).toBe(KIEL)
    expect((await ids(server, { query: 'berlin bahnhof' }))[0]).not.toBe(KIEL)
    expect((await ids(server, { query: 'münchen ost' }))[0]).toBe(BER)
    expect((await ids(server, { query: 'ostbahnhof' }))[0]).not.toBe(BER)
    expect((await ids(server, { query: 'zoo' }))[2]).toBe(KIEL)
    const plain = await server.search({ query: 'kiel', hitsPerPage: 5 }, INDEX)
    expect(plain.appliedRules).toBeUndefined()
  })

  it('matches alternatives (a typo, a plural, a synonym) only when the condition asks for them', async ({
    server,
  }) => {
    await withRules(server, [
      {
        objectID: 'alt',
        conditions: [{ pattern: 'flughafen', anchoring: 'is', alternatives: true }],
        consequence: { userData: { alt: true } },
      },
      {
        objectID: 'exact',
        conditions: [{ pattern: 'flughafen', anchoring: 'contains' }],
        consequence: { userData: { exact: true } },
      },
    ])
    const typo = await server.search({ query: 'flughafne' }, INDEX)
    expect(typo.userData).toEqual([{ alt: true }])
    const plural = await server.search({ query: 'flughafens' }, INDEX)
    expect(plural.userData).toEqual([{ alt: true }])
    const synonym = await server.search({ query: 'airport' }, INDEX)
    expect(synonym.userData).toEqual([{ alt: true }])
    expect((await server.search({ query: 'FLUGHAFEN MÜNCHEN' }, INDEX)).userData).toEqual([{ exact: true }])
    // Both match the one word: only the rule of higher precedence applies ("is" before "contains").
    expect((await server.search({ query: 'FLUGHAFEN' }, INDEX)).userData).toEqual([{ alt: true }])
  })

  it('turns a facet value in the query into a filter and removes its words', async ({ server }) => {
    await withRules(server, [
      {
        objectID: 'state',
        conditions: [{ pattern: 'hbf {facet:federalState}', anchoring: 'is' }],
        consequence: {
          params: {
            automaticFacetFilters: [{ facet: 'federalState' }],
            query: { remove: ['{facet:federalState}'] },
          },
        },
      },
    ])
    const result = await server.search(
      { query: 'hbf schleswig-holstein', hitsPerPage: 50, facets: ['federalState'] },
      INDEX,
    )
    expect(result.nbHits).toBeGreaterThan(0)
    expect(Object.keys(result.facets?.federalState ?? {})).toEqual(['Schleswig-Holstein'])
    expect(result.hits.map((hit) => hit.objectID)).toContain(KIEL)
    expect(result.query).toBe('hbf schleswig-holstein')
    // What was searched after the rule took the state's words out.
    expect(result.parsedQuery).toBe('hbf')
    expect((await server.search({ query: 'hbf', hitsPerPage: 1 }, INDEX)).parsedQuery).toBeUndefined()
  })

  it('applies a rule only in its context and only with its filters', async ({ server }) => {
    await withRules(server, [
      { objectID: 'app', conditions: [{ context: 'app' }], consequence: { userData: { context: 'app' } } },
      {
        objectID: 'bayern',
        conditions: [{ filters: 'federalState:Bayern' }],
        consequence: { userData: { state: 'BY' } },
      },
    ])
    expect((await server.search({ query: 'hbf' }, INDEX)).userData).toBeUndefined()
    expect((await server.search({ query: 'hbf', ruleContexts: ['app'] }, INDEX)).userData).toEqual([
      { context: 'app' },
    ])
    const filtered = await server.search({ query: 'hbf', facetFilters: [['federalState:Bayern']] }, INDEX)
    expect(filtered.userData).toEqual([{ state: 'BY' }])
    const byFilters = await server.search(
      { query: 'hbf', filters: 'federalState:"Bayern" AND category<3' },
      INDEX,
    )
    expect(byFilters.userData).toEqual([{ state: 'BY' }])
  })

  it('adds filters, replaces query words, hides records and keeps pinned ones inside the filters with filterPromotes', async ({
    server,
  }) => {
    await withRules(server, [
      {
        objectID: 'filter',
        conditions: [{ pattern: 'nur bayern', anchoring: 'is' }],
        consequence: { params: { query: 'hbf', filters: 'federalState:Bayern' } },
      },
      {
        objectID: 'edit',
        conditions: [{ pattern: 'hauptstadt', anchoring: 'contains' }],
        consequence: {
          params: { query: { edits: [{ type: 'replace', delete: 'hauptstadt', insert: 'berlin' }] } },
        },
      },
      {
        objectID: 'hide',
        conditions: [{ pattern: 'kiel', anchoring: 'is' }],
        consequence: { hide: [{ objectID: KIEL }] },
      },
      {
        objectID: 'pin',
        conditions: [{ pattern: 'hamburg', anchoring: 'is' }],
        consequence: { promote: [{ objectID: KIEL, position: 0 }], filterPromotes: true },
      },
    ])
    const bayern = await server.search(
      { query: 'nur bayern', hitsPerPage: 20, facets: ['federalState'] },
      INDEX,
    )
    expect(Object.keys(bayern.facets?.federalState ?? {})).toEqual(['Bayern'])
    expect(bayern.hits[0]?.name).toMatch(/Hbf/)
    expect((await server.search({ query: 'hauptstadt hbf', hitsPerPage: 1 }, INDEX)).hits[0]?.name).toBe(
      'Berlin Hauptbahnhof',
    )
    const kiel = await server.search({ query: 'kiel', hitsPerPage: 50 }, INDEX)
    const unruled = await server.search({ query: 'kiel', hitsPerPage: 50, enableRules: false }, INDEX)
    expect(kiel.hits.map((hit) => hit.objectID)).not.toContain(KIEL)
    expect(unruled.hits.map((hit) => hit.objectID)).toContain(KIEL)
    expect(kiel.nbHits).toBe(unruled.nbHits! - 1)
    expect((await ids(server, { query: 'hamburg' }))[0]).toBe(KIEL)
    expect(await ids(server, { query: 'hamburg', filters: 'federalState:Hamburg' })).not.toContain(KIEL)
  })

  it('applies a rule only while it is valid and enabled, and not with enableRules false', async ({
    server,
  }) => {
    const now = Math.floor(Date.now() / 1000)
    await withRules(server, [
      {
        objectID: 'past',
        validity: [{ from: now - 7200, until: now - 3600 }],
        consequence: { userData: { rule: 'past' } },
      },
      {
        objectID: 'now',
        validity: [{ from: now - 60, until: now + 3600 }],
        consequence: { userData: { rule: 'now' } },
      },
      { objectID: 'off', enabled: false, consequence: { userData: { rule: 'off' } } },
    ])
    expect((await server.search({ query: 'kiel' }, INDEX)).userData).toEqual([{ rule: 'now' }])
    expect((await server.search({ query: 'kiel', enableRules: false }, INDEX)).userData).toBeUndefined()
  })

  it("answers with the rule's renderingContent and forwards rules to replicas", async ({ server }) => {
    const client = server.client()
    const facetOrdering = { facets: { order: ['category'] }, values: {} }
    const settings = await client.setSettings({
      indexName: INDEX,
      indexSettings: { replicas: [`${INDEX}_name_asc`] },
    })
    await client.waitForTask({ indexName: INDEX, taskID: settings.taskID })
    const { taskID } = await client.saveRules({
      indexName: INDEX,
      rules: [{ objectID: 'layout', consequence: { params: { renderingContent: { facetOrdering } } } }],
      clearExistingRules: true,
      forwardToReplicas: true,
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    const result = await server.search({ query: 'kiel' }, INDEX)
    expect(result.renderingContent).toEqual({ facetOrdering })
    const replica = await client.getRule({ indexName: `${INDEX}_name_asc`, objectID: 'layout' })
    expect(replica.objectID).toBe('layout')
  })

  it('hands userData to algoliasearch-helper as InstantSearch reads it', async ({ server }) => {
    await withRules(server, [
      {
        objectID: 'notice',
        conditions: [{ pattern: 'kiel', anchoring: 'is' }],
        consequence: { userData: { notice: 'Hinweis' } },
      },
    ])
    const helper = algoliasearchHelper(server.lite() as never, INDEX, {})
    const results = await new Promise<SearchResults>((resolve, reject) => {
      helper.once('result', ({ results }) => resolve(results))
      helper.once('error', ({ error }) => reject(error))
      helper.setQuery('kiel').search()
    })
    expect(results.userData).toEqual([{ notice: 'Hinweis' }])
  })
})
