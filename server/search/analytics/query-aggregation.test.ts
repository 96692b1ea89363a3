import { describe, expect, it } from 'vitest'
import type { LoggedSearch } from '../store/search-log-store.ts'
import { aggregateSearches } from './query-aggregation.ts'

let clock = 0
function search(
  query: string,
  userToken = 'u',
  after = 1000,
  extra: Partial<LoggedSearch> = {},
): LoggedSearch {
  clock += after
  return {
    at: clock,
    index: 'stations',
    query,
    nbHits: 1,
    page: 0,
    hitsPerPage: 20,
    hitIDs: [],
    userToken,
    analyticsTags: [],
    ...extra,
  }
}

const counted = (searches: LoggedSearch[], final?: (s: LoggedSearch) => boolean) =>
  aggregateSearches(searches, final).map((s) => s.search)

describe('query aggregation', () => {
  it('counts the last query of a typing sequence, from an empty box on', () => {
    expect(counted(['', 'b', 'be', 'ber', 'Berlin'].map((q) => search(q)))).toEqual(['berlin'])
  })

  it('folds deleting back and the same query paged or refined into the final query', () => {
    expect(counted(['berlin hbf', 'berlin', 'berlin', 'ber', 'bern'].map((q) => search(q)))).toEqual(['bern'])
  })

  it('keeps queries that are not prefixes of each other, and a query the box was cleared after', () => {
    expect(counted(['hamburg', 'köln', ''].map((q) => search(q)))).toEqual(['hamburg', 'köln', ''])
  })

  it('keeps searches more than 30 seconds apart, and other users’ searches', () => {
    expect(counted([search('ber'), search('berlin', 'u', 31_000)])).toEqual(['ber', 'berlin'])
    expect(counted([search('ber', 'a'), search('berlin', 'b')])).toEqual(['ber', 'berlin'])
  })

  it('falls back to the IP address as the user', () => {
    const anonymous = (query: string, ip: string) => {
      const s = search(query, undefined, 1000, { clientIP: ip })
      delete s.userToken
      return s
    }
    expect(counted([anonymous('ber', '10.0.0.1'), anonymous('berlin', '10.0.0.2')])).toEqual([
      'ber',
      'berlin',
    ])
    expect(counted([anonymous('ber', '10.0.0.1'), anonymous('berlin', '10.0.0.1')])).toEqual(['berlin'])
  })

  it('always counts a search that received a click', () => {
    const clicked = search('ber', 'u', 1000, { queryID: 'a'.repeat(32) })
    expect(counted([clicked, search('berlin')], (s) => s.queryID === clicked.queryID)).toEqual([
      'ber',
      'berlin',
    ])
  })
})
