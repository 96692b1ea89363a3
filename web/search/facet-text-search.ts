// The search of a filter list whose values show as other text (an Aufgabenträger's code "NVR"
// shows as "Zweckverband Nahverkehr Rheinland"): the browser matches what the list shows, label
// and description, as the service matches facet values, among all values with their counts.
import type { SearchForFacetValues } from 'algoliasearch-helper'
import {
  facetQueryWords,
  facetTextWords,
  highlightFacetText,
  matchesFacetQuery,
} from '../../search-core/index.ts'
import type { Translate } from '../i18n/intl.tsx'
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../ui/highlight-parts.ts'
import type { FacetDefinition } from './facets.ts'

/** A value found by a filter list's search, with the matched parts highlighted. */
export interface FacetValueHit extends SearchForFacetValues.Hit {
  /** The description with the matched parts highlighted, when the list shows one. */
  highlightedDescription?: string
}

const TAGS = { pre: HIGHLIGHT_PRE_TAG, post: HIGHLIGHT_POST_TAG }

/** The values whose label or description (together) match every word of the query, in the given order. */
export function matchShownText(
  hits: readonly SearchForFacetValues.Hit[],
  query: string,
  facet: Pick<FacetDefinition, 'valueLabel' | 'valueDescription'>,
  t: Translate,
): FacetValueHit[] {
  const queryWords = facetQueryWords(query)
  if (queryWords.length === 0) return []
  return hits.flatMap((hit) => {
    const label = facet.valueLabel(hit.value, t)
    const description = facet.valueDescription?.(hit.value, t)
    const shown = [...facetTextWords(label), ...facetTextWords(description ?? '')]
    if (!matchesFacetQuery(shown, queryWords)) return []
    return [
      {
        ...hit,
        highlighted: highlightFacetText(label, queryWords, TAGS),
        ...(description ? { highlightedDescription: highlightFacetText(description, queryWords, TAGS) } : {}),
      },
    ]
  })
}
