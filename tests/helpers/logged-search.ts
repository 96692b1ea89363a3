// A search as the analytics recorder logs it, for tests of the recorder and of the search log.
import type { LoggedSearch } from '../../server/search/store/search-log-store.ts'

export const loggedSearch = (query: string): LoggedSearch => ({
  at: Date.now(),
  index: 'stations',
  query,
  nbHits: 3,
  page: 0,
  hitsPerPage: 20,
  hitIDs: ['1', '2', '3'],
  analyticsTags: [],
})
