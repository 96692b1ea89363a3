// What a search field's suggestion list shows, independent of where the suggestions come from:
// the app plugs in a source (the search service's), so that this layer imports no search client.
import type { HighlightPart } from './highlight-parts.ts'

export interface Suggestion {
  /** Unique within the list. */
  key: string
  /** The text with the typed part marked, as plain parts (never HTML). */
  label: HighlightPart[]
  /** Secondary text, e.g. a station's town. */
  detail?: string
  /** Where choosing it leads, a path in this app. */
  href: string
  /** The text the field takes when it is chosen. */
  value: string
}

export interface SuggestionGroup {
  key: string
  /** Heading of the group, e.g. "Bahnhöfe". */
  label: string
  suggestions: Suggestion[]
}

export interface SuggestSource {
  /** Answers the suggestions for a query; may reject (the field then stays a plain search). */
  suggest(query: string): Promise<SuggestionGroup[]>
  /** Starts loading what `suggest` needs (called on focus, before the first key). */
  prepare?(): void
}
