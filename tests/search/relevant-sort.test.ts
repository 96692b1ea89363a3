// Relevant sort: a virtual replica keeps only the most relevant matches of a query and orders
// them by its customRanking; relevancyStrictness (setting or parameter) says how strict, 0 shows
// every match. InstantSearch's RelevantSort and Stats widgets read appliedRelevancyStrictness and
// nbSortedHits, so they appear only on a virtual replica.
import algoliasearchHelper, { type SearchResults } from 'algoliasearch-helper'
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const VIRTUAL = 'stations_category_relevant'
const STANDARD = 'stations_category_exhaustive'

type Helper = ReturnType<typeof algoliasearchHelper>

function searchOnce(helper: Helper): Promise<SearchResults> {
  return new Promise((resolve, reject) => {
    helper.once('result', ({ results }) => resolve(results))
    helper.once('error', ({ error }) => reject(error))
    helper.search()
  })
}

const isSorted = (values: (number | null)[]) =>
  values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= (value ?? 0))

describe('relevant sort on a virtual replica', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { replicas = [] } = await client.getSettings({ indexName: 'stations' })
    const added = await client.setSettings({
      indexName: 'stations',
      indexSettings: { replicas: [...replicas, `virtual(${VIRTUAL})`, STANDARD] },
    })
    await client.waitForTask({ indexName: 'stations', taskID: added.taskID })
    for (const indexName of [VIRTUAL, STANDARD]) {
      const { taskID } = await client.setSettings({
        indexName,
        indexSettings: { customRanking: ['asc(category)', 'desc(weight)'] },
      })
      await client.waitForTask({ indexName, taskID })
    }
  })

  it('keeps the most relevant matches and sorts them by the replica’s customRanking', async ({ server }) => {
    const primary = await server.search({ query: 'berlin', hitsPerPage: 1000 })
    const sorted = await server.search({ query: 'berlin', hitsPerPage: 1000 }, VIRTUAL)
    expect(sorted.nbHits).toBe(primary.nbHits)
    expect(sorted.appliedRelevancyStrictness).toBe(100)
    expect(sorted.nbSortedHits).toBeGreaterThan(10)
    expect(sorted.nbSortedHits).toBeLessThan(sorted.nbHits ?? 0)
    expect(sorted.hits).toHaveLength(sorted.nbSortedHits ?? -1)
    // Most relevant: the stations named Berlin, not those that only lie in the city.
    expect(sorted.hits.every((hit) => /berlin/i.test(hit.name))).toBe(true)
    expect(isSorted(sorted.hits.map((hit) => hit.category))).toBe(true)
    expect(sorted.hits[0]).toMatchObject({ name: 'Berlin Hauptbahnhof', category: 1 })
    // The primary ranks by text: a category-1 station is not necessarily first there.
    expect(isSorted(primary.hits.map((hit) => hit.category))).toBe(false)
  })

  it('shows every match, sorted, with relevancyStrictness 0', async ({ server }) => {
    const all = await server.search({ query: 'berlin', hitsPerPage: 1000, relevancyStrictness: 0 }, VIRTUAL)
    expect(all.appliedRelevancyStrictness).toBe(0)
    expect(all.nbSortedHits).toBe(all.nbHits)
    expect(all.hits).toHaveLength(all.nbHits ?? -1)
    expect(isSorted(all.hits.map((hit) => hit.category))).toBe(true)
  })

  it('keeps more matches at a lower strictness, set on the replica', async ({ server }) => {
    const client = server.client()
    const strict = await server.search({ query: 'berlin' }, VIRTUAL)
    const { taskID } = await client.setSettings({
      indexName: VIRTUAL,
      indexSettings: { relevancyStrictness: 30 },
    })
    await client.waitForTask({ indexName: VIRTUAL, taskID })
    const loose = await server.search({ query: 'berlin' }, VIRTUAL)
    expect(loose.appliedRelevancyStrictness).toBe(30)
    expect(loose.nbSortedHits).toBeGreaterThan(strict.nbSortedHits ?? Number.POSITIVE_INFINITY)
    expect(loose.nbSortedHits).toBeLessThanOrEqual(loose.nbHits ?? 0)
    // The parameter overrides the setting.
    expect((await server.search({ query: 'berlin', relevancyStrictness: 100 }, VIRTUAL)).nbSortedHits).toBe(
      strict.nbSortedHits,
    )
  })

  it('pages through the sorted matches only', async ({ server }) => {
    const first = await server.search({ query: 'berlin', hitsPerPage: 5, relevancyStrictness: 100 }, VIRTUAL)
    expect(first.nbPages).toBe(Math.ceil((first.nbSortedHits ?? 0) / 5))
  })

  it('answers no relevant-sort fields on the primary or a standard replica, which sorts exhaustively', async ({
    server,
  }) => {
    const primary = await server.search({ query: 'berlin' })
    expect(primary).not.toHaveProperty('appliedRelevancyStrictness')
    expect(primary).not.toHaveProperty('nbSortedHits')
    const standard = await server.search({ query: 'berlin', hitsPerPage: 1000 }, STANDARD)
    expect(standard).not.toHaveProperty('appliedRelevancyStrictness')
    expect(standard.hits).toHaveLength(standard.nbHits ?? -1)
  })

  it('gives InstantSearch’s RelevantSort widget what it reads, through algoliasearch-helper', async ({
    server,
  }) => {
    const helper = algoliasearchHelper(server.lite() as never, VIRTUAL, { query: 'berlin' })
    const sorted = await searchOnce(helper)
    // connectRelevantSort: isVirtualReplica = appliedRelevancyStrictness !== undefined,
    // isRelevantSorted = appliedRelevancyStrictness > 0; connectStats shows nbSortedHits.
    expect(sorted.appliedRelevancyStrictness).toBe(30)
    expect(sorted.nbSortedHits).toBeLessThan(sorted.nbHits)
    // The widget's "see all results" button sets relevancyStrictness to 0.
    helper.setQueryParameter('relevancyStrictness', 0)
    const all = await searchOnce(helper)
    expect(all.appliedRelevancyStrictness).toBe(0)
    expect(all.nbSortedHits).toBe(all.nbHits)
    const primary = await searchOnce(
      helper.setIndex('stations').setQueryParameter('relevancyStrictness', undefined),
    )
    expect(primary.appliedRelevancyStrictness).toBeUndefined()
  })
})
