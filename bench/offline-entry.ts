// What a browser bundle of offline search holds: OfflineSearch and everything it imports.
export { OfflineSearch } from '../server/search/execution/offline-search.ts'
