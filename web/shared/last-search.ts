import { SEARCH_PATH } from './search-path.ts'

const LAST_SEARCH_KEY = 'bahnhofsfinder:letzte-suche'

/** Remembers the last search so that "Zurück zur Suche" on a station page restores it. */
export function rememberSearch(path: string): void {
  try {
    sessionStorage.setItem(LAST_SEARCH_KEY, path)
  } catch {
    // Storage can be disabled; the link then leads to an empty search.
  }
}

export function lastSearchPath(): string {
  try {
    const path = sessionStorage.getItem(LAST_SEARCH_KEY)
    if (path?.startsWith(SEARCH_PATH)) return path
  } catch {
    // See rememberSearch.
  }
  return SEARCH_PATH
}
