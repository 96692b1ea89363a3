import { describe, expect, it } from 'vitest'
import { createSearchClient } from './search-client.ts'

/** Tries of one search before its error shows. */
const SEARCH_ATTEMPTS = 3

type Requester = NonNullable<Parameters<typeof createSearchClient>[1]>
type SentRequest = Parameters<Requester['send']>[0]

const config = {
  appId: 'bahnhofsfinder',
  apiKey: 'search-key',
  indexName: 'stations',
  hosts: [{ url: 'localhost:3000', protocol: 'http' as const }],
  insightsHost: null,
}

const answer = JSON.stringify({ results: [{ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20 }] })

/** A requester whose first `timeouts` sends time out, the way the browser requester reports it. */
function slowNetwork(timeouts: number) {
  const sent: SentRequest[] = []
  const requester: Requester = {
    send: async (request) => {
      sent.push(request)
      if (sent.length <= timeouts) return { status: 0, content: 'Connection timeout', isTimedOut: true }
      return { status: 200, content: answer, isTimedOut: false }
    },
  }
  return { requester, sent }
}

function search(requester: Requester) {
  return createSearchClient(config, requester).search({
    requests: [{ indexName: 'stations', query: 'Köln' }],
  })
}

describe('search client retries', () => {
  it('keeps connect 1 s and read 2 s for the first try', async () => {
    const network = slowNetwork(0)
    await search(network.requester)
    expect(network.sent.map((request) => [request.connectTimeout, request.responseTimeout])).toEqual([
      [1000, 2000],
    ])
  })

  it('waits longer on each retry of the same service, so a slow answer still arrives', async () => {
    const network = slowNetwork(SEARCH_ATTEMPTS - 1)
    await expect(search(network.requester)).resolves.toMatchObject({ results: [{ nbHits: 0 }] })
    expect(network.sent.map((request) => [request.connectTimeout, request.responseTimeout])).toEqual([
      [1000, 2000],
      [4000, 8000],
      [5000, 10000],
    ])
    expect(new Set(network.sent.map((request) => new URL(request.url).origin))).toEqual(
      new Set(['http://localhost:3000']),
    )
  })

  it('gives up after three tries', async () => {
    const network = slowNetwork(SEARCH_ATTEMPTS)
    await expect(search(network.requester)).rejects.toMatchObject({ name: 'RetryError' })
    expect(network.sent).toHaveLength(SEARCH_ATTEMPTS)
  })
})
