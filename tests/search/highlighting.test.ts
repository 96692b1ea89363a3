// Highlighting and snippets: tags, match levels, matched words, HTML escaping of record values.
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

  it('escapes HTML in record values, keeping only its own tags', async ({ server }) => {
    const result = await server.search({ query: 'bahnsteig', attributesToHighlight: ['title'] }, 'notes')
    const title = (result.hits[0]!._highlightResult!.title as { value: string }).value
    expect(title).toContain('<em>Bahnsteig</em>')
    expect(title).not.toContain('<b>')
    expect(title).toContain('&lt;b&gt;')
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
