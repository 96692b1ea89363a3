import { useEffect, useState } from 'react'
import { useInstantSearch, useInstantSearchContext } from 'react-instantsearch'
import { useLocale, useMessages } from '../i18n/intl.tsx'
import { DEFAULT_LOCALE } from '../i18n/locale.ts'
import { facetSearchQuery } from '../stations/facet-labels.ts'
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../ui/highlight-parts.ts'
import { MAX_FACET_HITS } from './constants.ts'
import { type FacetValueHit, matchShownText } from './facet-text-search.ts'
import type { FacetDefinition } from './facets.ts'

export interface FacetValueSearch {
  hits: FacetValueHit[]
  status: 'idle' | 'loading' | 'done' | 'error'
}

/**
 * Facet-value search within the current search state, capped at MAX_FACET_HITS values.
 * React InstantSearch's own refinement list caps it at the list's visible limit (10/20), so this
 * asks the helper directly with the seed's cap of 100. A list that searches what it shows
 * (`searchShownText`, and every list on a page not in German, whose labels the service does not
 * know) asks for every value with its count and matches the labels in the browser; there a Land's
 * abbreviation ("nrw") finds the Land when the words typed match no label.
 */
export function useFacetValueSearch(facet: FacetDefinition, query: string): FacetValueSearch {
  const instantSearch = useInstantSearchContext()
  const { results } = useInstantSearch()
  const t = useMessages()
  const locale = useLocale()
  const shownText = facet.searchShownText === true || locale !== DEFAULT_LOCALE
  const [state, setState] = useState<FacetValueSearch>({ hits: [], status: 'idle' })

  // `results` is a dependency so that counts follow the other refinements.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the main results change
  useEffect(() => {
    if (!query) {
      setState({ hits: [], status: 'idle' })
      return undefined
    }
    let current = true
    setState((previous) => ({ ...previous, status: 'loading' }))
    const { attribute } = facet
    const facetQuery = shownText ? '' : facetSearchQuery(attribute, query)
    instantSearch.mainIndex
      .getHelper()
      ?.searchForFacetValues(attribute, facetQuery, MAX_FACET_HITS, {
        highlightPreTag: HIGHLIGHT_PRE_TAG,
        highlightPostTag: HIGHLIGHT_POST_TAG,
      })
      .then(
        (response) => {
          if (!current) return
          const hits = shownText ? matchShownText(response.facetHits, query, facet, t) : response.facetHits
          setState({ hits, status: 'done' })
        },
        () => {
          if (current) setState({ hits: [], status: 'error' })
        },
      )
    return () => {
      current = false
    }
  }, [facet, query, instantSearch, results, t, shownText])

  return state
}
