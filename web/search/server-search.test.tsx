// The results page rendered once on the server (server-search.tsx): one search, which carries the
// parameters of every widget on the page, also of those in parts that wait for its answer (the filter
// panel's lists, the hits, the pagination), and a page written with its answer.
import { describe, expect, it } from 'vitest'
import { renderPage } from '../entry-server.tsx'
import { parseConfig } from '../shared/config.ts'

const config = parseConfig({
  search: {
    appId: 'test',
    apiKey: 'search-key',
    indexName: 'stations',
    hosts: [{ url: 'search.test', protocol: 'http' }],
    insightsHost: null,
  },
})

const KÖLN = { objectID: '8000207', name: 'Köln Hbf', city: 'Köln', federalState: 'Nordrhein-Westfalen' }

/** Renders `url`, answering each search with Köln Hbf on a page of 3 and noting what was asked. */
async function render(url: string) {
  const searches: { requests: Record<string, unknown>[] }[] = []
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).includes('/queries')) return new Response('{}', { status: 404 })
    const body = JSON.parse(String(init?.body)) as { requests: Record<string, unknown>[] }
    searches.push(body)
    const results = body.requests.map((request) => ({
      hits: [{ ...KÖLN, _highlightResult: {} }],
      nbHits: 41,
      page: request.page ?? 0,
      nbPages: 3,
      hitsPerPage: 20,
      facets: { federalState: { 'Nordrhein-Westfalen': 41 } },
      query: request.query ?? '',
      params: '',
      processingTimeMS: 1,
      index: request.indexName,
    }))
    return Response.json({ results })
  }
  const page = await renderPage({ url, origin: 'http://bahnhofsfinder.test', config, fetch: fetchStub })
  return { page, searches }
}

describe('the results page rendered once on the server', () => {
  it("searches once, with every widget's parameters, and writes the answer", async () => {
    const { page, searches } = await render('/suche?q=k%C3%B6ln&bundesland=Nordrhein-Westfalen&seite=2')
    expect(page.errors).toEqual([])
    expect(searches).toHaveLength(1)
    const [main] = searches[0]?.requests ?? []
    expect(main).toMatchObject({
      indexName: 'stations',
      query: 'köln',
      // the pagination's widget
      page: 1,
      // the hits' widget
      highlightPreTag: '__ais-highlight__',
      // the refinement lists' widgets, in the filter panel that waits for the answer
      maxValuesPerFacet: 20,
      facetFilters: [['federalState:Nordrhein-Westfalen']],
    })
    expect(main?.facets).toHaveLength(9)
    // The answer on the page: the hit, its facet's count, the pagination shown.
    expect(page.html).toContain('Köln Hbf')
    expect(page.html).toMatch(/class="results-pagination"(?![^>]*hidden)/)
    expect(JSON.parse(page.data).search.initialResults.stations.requestParams).toHaveLength(2)
  })
})
