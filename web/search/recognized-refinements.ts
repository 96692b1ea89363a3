// Refinements the search service's query rules recognized in the query: "hbf nrw" is searched as
// "hbf" in Nordrhein-Westfalen, "fernverkehr" among the ICE and IC/EC stops, and the rule's userData
// names the refinements. While the traveller types, the filter shows as a chip next to the words
// that made it (removing the chip removes the words). Once the search field has let go (Enter, an
// answer arriving without focus, a page opened with such a query), the app makes it a refinement
// like any other: the state joins the Bundesland filter, a train type the Züge filter (the chip,
// the list's checkbox, the URL), and its words leave the query.
import type { IndexUiState } from 'instantsearch.js'
import { facetByAttribute } from './facets.ts'
import type { FacetAttribute } from './routing.ts'
import { replaceNextUrlWrite } from './routing.ts'
import { useSearchAnswer } from './server-search.tsx'

interface RecognizedRefinement {
  attribute: FacetAttribute
  value: string
}

/** What the rules of an answer recognized, and the query they left to search. */
interface Recognition {
  refinements: RecognizedRefinement[]
  remainingQuery: string
}

interface AnswerFields {
  query?: unknown
  userData?: unknown
  parsedQuery?: unknown
}

/** A rule's refinement: one `value` (a state) or several `values`, ORed ("fernverkehr": ICE, IC/EC). */
function refinementsOf(item: unknown): RecognizedRefinement[] {
  if (typeof item !== 'object' || item === null) return []
  const { kind, attribute, value, values } = item as Record<string, unknown>
  const facet = typeof attribute === 'string' ? facetByAttribute(attribute) : undefined
  if (kind !== 'refinement' || facet === undefined) return []
  const named = [value, ...(Array.isArray(values) ? values : [])]
  return named
    .filter((one): one is string => typeof one === 'string')
    .map((one) => ({ attribute: facet.attribute, value: one }))
}

/**
 * The refinements an answer's rules recognized, when the answer is for the query the page holds
 * (an answer to an earlier keystroke says nothing about the words now in the field).
 */
function recognitionIn(answer: AnswerFields | undefined, query: string): Recognition | undefined {
  if (!answer || answer.query !== query || typeof answer.parsedQuery !== 'string') return undefined
  const items: unknown[] = Array.isArray(answer.userData) ? answer.userData : []
  const refinements = items.flatMap(refinementsOf)
  return refinements.length > 0 ? { refinements, remainingQuery: answer.parsedQuery } : undefined
}

/** The UI state with the recognized refinements refined and their words out of the query. */
function adopted(state: IndexUiState, recognition: Recognition): IndexUiState {
  const refinementList = { ...state.refinementList }
  for (const { attribute, value } of recognition.refinements) {
    const values = refinementList[attribute] ?? []
    if (!values.includes(value)) refinementList[attribute] = [...values, value]
  }
  const { page: _page, query: _query, ...rest } = state
  return {
    ...rest,
    ...(recognition.remainingQuery ? { query: recognition.remainingQuery } : {}),
    refinementList,
  }
}

/** The UI state without the recognized words (and so without their filter). */
function dropped(state: IndexUiState, recognition: Recognition): IndexUiState {
  const { page: _page, query: _query, ...rest } = state
  return { ...rest, ...(recognition.remainingQuery ? { query: recognition.remainingQuery } : {}) }
}

export interface RecognizedRefinements {
  /** Recognized in the query and not refined yet: shown as chips while the words are in the field. */
  pending: RecognizedRefinement[]
  /** The query without their words. */
  remainingQuery: string
  /** Makes them refinements (the address is replaced, so Back does not recognize them again). */
  adopt(): void
  /** Takes their words out of the query. */
  drop(): void
}

/** The latest answer's recognized refinements, undefined when it recognized none. */
export function useRecognizedRefinements(): RecognizedRefinements | undefined {
  const { results, indexUiState, setIndexUiState } = useSearchAnswer()
  const query = indexUiState.query ?? ''
  const recognition = recognitionIn(results as AnswerFields | undefined, query)
  if (recognition === undefined) return undefined
  const refined = indexUiState.refinementList ?? {}
  return {
    pending: recognition.refinements.filter(({ attribute, value }) => !refined[attribute]?.includes(value)),
    remainingQuery: recognition.remainingQuery,
    adopt: () => {
      replaceNextUrlWrite(query)
      setIndexUiState((state) => adopted(state, recognition))
    },
    drop: () => setIndexUiState((state) => dropped(state, recognition)),
  }
}
