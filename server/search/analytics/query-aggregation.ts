// Query aggregation as Algolia's analytics does it: search-as-you-type sends "b", "be", "ber",
// "berlin"; analytics counts only "berlin". A search is folded into the next search of the same
// user (user token, else IP address) on the same index when that comes within 30 seconds and one
// query is a prefix of the other (typing on, deleting back, or the same query paged or refined).
// A search that got a click or conversion is the user's final one and always counts.
import type { LoggedSearch } from '../store/search-log-store.ts'

export const AGGREGATION_WINDOW_MS = 30_000

/** The form analytics groups queries by: trimmed, single spaces, lower case. */
export function normalizeQuery(query: string): string {
  return query.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de')
}

export interface CountedSearch extends LoggedSearch {
  /** The normalized query. */
  search: string
  /** Whose search it was: the user token, else the client's address. */
  userKey: string
}

function userKeyOf(search: LoggedSearch): string {
  return search.userToken ?? (search.clientIP ? `ip:${search.clientIP}` : 'anonymous')
}

function folds(current: CountedSearch, next: CountedSearch): boolean {
  if (next.at - current.at > AGGREGATION_WINDOW_MS) return false
  // An empty box is where typing starts; clearing the box does not replace what was searched.
  if (current.search === '') return true
  if (next.search === '') return false
  return next.search.startsWith(current.search) || current.search.startsWith(next.search)
}

/**
 * The searches analytics counts, in their original order. `final` marks searches that count
 * whatever follows (those that received events).
 */
export function aggregateSearches(
  searches: LoggedSearch[],
  final: (search: LoggedSearch) => boolean = () => false,
): CountedSearch[] {
  const counted = searches.map((s) => ({ ...s, search: normalizeQuery(s.query), userKey: userKeyOf(s) }))
  const lastOfUser = new Map<string, CountedSearch>()
  const folded = new Set<CountedSearch>()
  for (const search of [...counted].sort((a, b) => a.at - b.at)) {
    const key = `${search.index}\u0000${search.userKey}`
    const previous = lastOfUser.get(key)
    if (previous && !final(previous) && folds(previous, search)) folded.add(previous)
    lastOfUser.set(key, search)
  }
  return counted.filter((search) => !folded.has(search))
}
