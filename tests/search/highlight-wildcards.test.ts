// attributesToHighlight and attributesToSnippet take `*` for every attribute (the only wildcard
// Algolia documents), with a word count for snippets (`*:3`).
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

describe('highlight and snippet wildcards', () => {
  it('highlights every attribute with *', async ({ server }) => {
    const { hits } = await server.search({ query: 'köln hbf', hitsPerPage: 1, attributesToHighlight: ['*'] })
    const highlighted = Object.keys(hits[0]!._highlightResult ?? {})
    expect(highlighted).toEqual(
      expect.arrayContaining(['name', 'city', 'street', 'federalState', 'operator']),
    )
    expect(highlighted).not.toContain('objectID')
  })

  it('snippets every attribute with *:words', async ({ server }) => {
    const { hits } = await server.search({ query: 'köln hbf', hitsPerPage: 1, attributesToSnippet: ['*:1'] })
    const snippets = hits[0]!._snippetResult as Record<string, { value: string }>
    expect(Object.keys(snippets)).toEqual(expect.arrayContaining(['name', 'city', 'street']))
    expect(snippets.name!.value).toMatch(/^<em>Köln<\/em> ?…$/)
  })
})
