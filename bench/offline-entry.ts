// What a browser bundle of offline search holds: OfflineSearch and everything it imports.
export { OfflineSearch } from '../search-core/execution/offline-search.ts'
