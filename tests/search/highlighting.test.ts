// Highlighting and snippets: tags, match levels, matched words, and record values returned raw
// (as Algolia returns them: InstantSearch escapes them itself).
import { escapeHits, TAG_PLACEHOLDER } from 'instantsearch.js/es/lib/utils/escape-highlight.js'
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

it.beforeAll(async ({ server }) => {
  const client = server.client()
  const { taskID } = await client
    .saveObjects({
      indexName: 'notes',
      objects: [
        {
          objectID: 'n1',
          title: 'Bahnsteig <b>gesperrt</b> & Umleitung',
          body: 'Der Aufzug zum Bahnsteig ist bis Montag außer Betrieb.',
        },
      ],
    })
    .then((tasks) => tasks[0]!)
  await client.waitForTask({ indexName: 'notes', taskID })
})

describe('highlighting', () => {
  it('wraps matched words in <em> and reports the match level', async ({ server }) => {
    const result = await server.search({ query: 'köln hbf', hitsPerPage: 1 })
    const name = result.hits[0]!._highlightResult!.name as {
      value: string
      matchLevel: string
      matchedWords: string[]
    }
    expect(name.value).toBe('<em>Köln</em> <em>Hbf</em>')
    expect(name.matchLevel).toBe('full')
    expect(name.matchedWords.sort()).toEqual(['hbf', 'köln'])
  })

  it('uses the requested tags', async ({ server }) => {
    const result = await server.search({
      query: 'aachen',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 1,
    })
    expect((result.hits[0]!._highlightResult!.name as { value: string }).value).toMatch(
      /^<mark>Aachen<\/mark>/,
    )
  })

  it('returns record values raw with its tags, byte for byte as Algolia does', async ({ server }) => {
    const result = await server.search(
      { query: 'bahnsteig', attributesToHighlight: ['title'], attributesToSnippet: ['title:10'] },
      'notes',
    )
    const hit = result.hits[0]!
    expect((hit._highlightResult!.title as { value: string }).value).toBe(
      '<em>Bahnsteig</em> <b>gesperrt</b> & Umleitung',
    )
    expect((hit._snippetResult!.title as { value: string }).value).toBe(
      '<em>Bahnsteig</em> <b>gesperrt</b> & Umleitung',
    )
  })

  it('is escaped once by InstantSearch, not twice', async ({ server }) => {
    const result = await server.search(
      { query: 'bahnsteig', attributesToHighlight: ['title'], ...TAG_PLACEHOLDER },
      'notes',
    )
    const [hit] = escapeHits(result.hits as Parameters<typeof escapeHits>[0])
    expect((hit!._highlightResult!.title as { value: string }).value).toBe(
      '<mark>Bahnsteig</mark> &lt;b&gt;gesperrt&lt;/b&gt; &amp; Umleitung',
    )
  })

  it('returns facet values raw with the tags in a facet search', async ({ server }) => {
    const client = server.client()
    await client
      .setSettings({ indexName: 'notes', indexSettings: { attributesForFaceting: ['searchable(title)'] } })
      .then(({ taskID }) => client.waitForTask({ indexName: 'notes', taskID }))
    const { facetHits } = await client.searchForFacetValues({
      indexName: 'notes',
      facetName: 'title',
      searchForFacetValuesRequest: { facetQuery: 'bahnst' },
    })
    expect(facetHits[0]?.highlighted).toBe('<em>Bahnst</em>eig <b>gesperrt</b> & Umleitung')
  })

  it('cuts snippets around the match with the ellipsis text', async ({ server }) => {
    const result = await server.search(
      { query: 'montag', attributesToSnippet: ['body:3'], snippetEllipsisText: '…' },
      'notes',
    )
    const snippet = result.hits[0]!._snippetResult!.body as { value: string; matchLevel: string }
    expect(snippet.value).toContain('<em>Montag</em>')
    expect(snippet.value.startsWith('…')).toBe(true)
    expect(snippet.matchLevel).toBe('full')
  })
})
