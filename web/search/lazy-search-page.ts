import { lazyFrom, preloadable } from '../ui/preloadable.ts'

// InstantSearch is the larger part of the app: /suche loads it on demand, so that the start page
// stays small. main.tsx starts the load early when the app opens on /suche.
export const searchPageChunk = preloadable('search/search-page.tsx', () => import('./search-page.tsx'))

export const SearchPage = lazyFrom(searchPageChunk, (module) => module.SearchPage)
