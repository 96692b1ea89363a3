// An index exported from Algolia's dashboard (settings, rules with Algolia's `_metadata`) imports
// through the official client as written, and its searches work: the quick-access rule answers the
// empty query in its context with its userData (what InstantSearch's QueryRuleCustomData reads),
// facets come in the export's order, plurals and advanced syntax apply.
import type { IndexSettings, Rule } from 'algoliasearch'
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import { PRODUCTS, PRODUCTS_RULES, PRODUCTS_SETTINGS } from './exports/ecommerce-products.ts'
import { it } from './fixture.ts'

const INDEX = 'products'

describe('an Algolia dashboard export', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const settings = await client.setSettings({
      indexName: INDEX,
      indexSettings: PRODUCTS_SETTINGS as unknown as IndexSettings,
    })
    await client.waitForTask({ indexName: INDEX, taskID: settings.taskID })
    const rules = await client.saveRules({ indexName: INDEX, rules: PRODUCTS_RULES as unknown as Rule[] })
    await client.waitForTask({ indexName: INDEX, taskID: rules.taskID })
    await client.saveObjects({ indexName: INDEX, objects: PRODUCTS, waitForTasks: true })
  })

  it('keeps the rule, without Algolia’s own _metadata', async ({ server }) => {
    const { _metadata: _, ...rule } = PRODUCTS_RULES[0] as (typeof PRODUCTS_RULES)[number]
    const stored = await server.client().getRule({ indexName: INDEX, objectID: rule.objectID })
    expect(stored).toEqual(rule)
  })

  it('answers the empty query in the quick-access context with the rule’s userData', async ({ server }) => {
    const helper = algoliasearchHelper(server.lite() as never, INDEX, { ruleContexts: ['quickAccess'] })
    const results = await new Promise<SearchResults>((resolve, reject) => {
      helper.once('result', ({ results }) => resolve(results))
      helper.once('error', ({ error }) => reject(error))
      helper.search()
    })
    expect(results.userData).toEqual([PRODUCTS_RULES[0]?.consequence.userData])
    const other = await server.search({ query: 'jacket' }, INDEX)
    expect(other).not.toHaveProperty('userData')
  })

  it('searches with the export’s settings: plurals, advanced syntax, facet order', async ({ server }) => {
    const plural = await server.search({ query: 'jackets' }, INDEX)
    expect(plural.hits.map((hit) => hit.objectID).sort()).toEqual(['4', '5'])
    const excluded = await server.search({ query: 'jacket -leather' }, INDEX)
    expect(excluded.hits.map((hit) => hit.objectID)).toEqual(['5'])
    const faceted = await server.search({ query: '', facets: ['*'] }, INDEX)
    expect(faceted.renderingContent?.facetOrdering?.facets?.order?.slice(0, 2)).toEqual([
      'hierarchical_categories.lvl0',
      'brand',
    ])
    expect(faceted.facets?.brand).toEqual({ Levis: 3, Nike: 1, Mango: 1 })
    // customRanking desc(reviews.bayesian_avg): the best-rated first.
    expect(faceted.hits[0]?.objectID).toBe('2')
  })
})
