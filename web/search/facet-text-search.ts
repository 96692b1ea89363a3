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
import { facetSearchQuery } from '../stations/facet-labels.ts'
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../ui/highlight-parts.ts'
import type { FacetDefinition } from './facets.ts'

/** A value found by a filter list's search, with the matched parts highlighted. */
export interface FacetValueHit extends SearchForFacetValues.Hit {
  /** The description with the matched parts highlighted, when the list shows one. */
  highlightedDescription?: string
}

const TAGS = { pre: HIGHLIGHT_PRE_TAG, post: HIGHLIGHT_POST_TAG }

/**
 * The values whose label, description and stored value (together) match every word of the query, in
 * the given order: the stored value too, so that an English page's list finds "Bavaria" for
 * "Bayern", the word on the signs. Where nothing matches, a Land's abbreviation ("nrw") stands for
 * its name, as in the service's search (facetSearchQuery).
 */
export function matchShownText(
  hits: readonly SearchForFacetValues.Hit[],
  query: string,
  facet: Pick<FacetDefinition, 'attribute' | 'valueLabel' | 'valueDescription'>,
  t: Translate,
): FacetValueHit[] {
  const found = matchWords(hits, query, facet, t)
  const alias = facetSearchQuery(facet.attribute, query)
  return found.length === 0 && alias !== query ? matchWords(hits, alias, facet, t) : found
}

function matchWords(
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
    const shown = [
      ...facetTextWords(label),
      ...facetTextWords(description ?? ''),
      ...(label === hit.value ? [] : facetTextWords(hit.value)),
    ]
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
