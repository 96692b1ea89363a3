// The query suggestions index (`stations_query_suggestions`): built like Algolia's Query
// Suggestions from the popular searches analytics counted, searchable with the search-only key.
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

const INDEX = 'stations_query_suggestions'

interface Suggestion {
  objectID: string
  query: string
  popularity: number
  nb_words: number
  stations: {
    exact_nb_hits: number
    facets: { exact_matches: { federalState: { value: string; count: number }[] } }
  }
}

async function rebuild(server: SearchServer): Promise<void> {
  const { taskID } = server.app.context.querySuggestions.rebuild()
  if (taskID !== undefined) await server.client().waitForTask({ indexName: INDEX, taskID })
}

function suggestions(server: SearchServer, query: string) {
  return server.client(server.searchKey).searchSingleIndex<Suggestion>({
    indexName: INDEX,
    searchParams: { query, hitsPerPage: 100 },
  })
}

describe('query suggestions', () => {
  it('is never empty on a fresh install: it starts with the cities of the busiest stations', async ({
    server,
  }) => {
    const result = await suggestions(server, '')
    expect(result.nbHits).toBeGreaterThan(5)
    expect(result.hits.map((hit) => hit.query)).toEqual(expect.arrayContaining(['hamburg', 'berlin']))
    expect(result.hits.every((hit) => hit.popularity === 0)).toBe(true)
  })

  it('suggests what people searched for, most popular first, with hits and top Bundesländer', async ({
    server,
  }) => {
    for (const user of ['qs-1', 'qs-2', 'qs-3']) await server.search({ query: 'Wuppertal', userToken: user })
    await server.search({ query: 'Wuppertal Hbf', userToken: 'qs-4' })
    // Typed on the way to another query: folded into it, never suggested.
    for (const query of ['wup', 'wupp', 'wuppertal oberbarmen']) {
      await server.search({ query, userToken: 'qs-typist' })
    }
    // No results, and too short: not suggested.
    await server.search({ query: 'wuppqqq', userToken: 'qs-5' })
    await server.search({ query: 'wu', userToken: 'qs-6' })
    await rebuild(server)

    const result = await suggestions(server, 'wup')
    expect(result.hits.map((hit) => [hit.query, hit.popularity])).toEqual([
      ['wuppertal', 3],
      ['wuppertal hbf', 1],
      ['wuppertal oberbarmen', 1],
    ])
    const stations = await server.search({ query: 'wuppertal', facets: ['federalState'], analytics: false })
    const [top] = result.hits
    expect(top).toMatchObject({
      objectID: 'wuppertal',
      query: 'wuppertal',
      popularity: 3,
      nb_words: 1,
      stations: {
        exact_nb_hits: stations.nbHits,
        facets: {
          exact_matches: {
            federalState: [
              { value: 'Nordrhein-Westfalen', count: stations.facets?.federalState?.['Nordrhein-Westfalen'] },
            ],
          },
        },
      },
    })
    expect(result.hits[1]?.nb_words).toBe(2)
  })

  it('has the settings of an Algolia query suggestions index', async ({ server }) => {
    const settings = await server.client().getSettings({ indexName: INDEX })
    expect(settings).toMatchObject({
      searchableAttributes: ['query'],
      customRanking: ['desc(popularity)'],
    })
    const indexes = (await server.client().listIndices()).items.map((index) => index.name)
    expect(indexes).toContain(INDEX)
    expect(indexes.filter((name) => name.startsWith(INDEX))).toEqual([INDEX])
  })
})
