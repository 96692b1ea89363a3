import type { SearchForFacetValues } from 'algoliasearch-helper'
import { useEffect, useState } from 'react'
import { useInstantSearch, useInstantSearchContext } from 'react-instantsearch'
import { facetSearchQuery } from '../stations/facet-labels.ts'
import { HIGHLIGHT_POST_TAG, HIGHLIGHT_PRE_TAG } from '../ui/highlight-parts.ts'
import { MAX_FACET_HITS } from './constants.ts'

type FacetValueHit = SearchForFacetValues.Hit

export interface FacetValueSearch {
  hits: FacetValueHit[]
  status: 'idle' | 'loading' | 'done' | 'error'
}

/**
 * Facet-value search within the current search state, capped at MAX_FACET_HITS values.
 * React InstantSearch's own refinement list caps it at the list's visible limit (10/20), so this
 * asks the helper directly with the seed's cap of 100.
 */
export function useFacetValueSearch(attribute: string, query: string): FacetValueSearch {
  const instantSearch = useInstantSearchContext()
  const { results } = useInstantSearch()
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
    instantSearch.mainIndex
      .getHelper()
      ?.searchForFacetValues(attribute, facetSearchQuery(attribute, query), MAX_FACET_HITS, {
        highlightPreTag: HIGHLIGHT_PRE_TAG,
        highlightPostTag: HIGHLIGHT_POST_TAG,
      })
      .then(
        (response) => {
          if (current) setState({ hits: response.facetHits, status: 'done' })
        },
        () => {
          if (current) setState({ hits: [], status: 'error' })
        },
      )
    return () => {
      current = false
    }
  }, [attribute, query, instantSearch, results])

  return state
}
