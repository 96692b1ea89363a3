// A search refused for the work it would do, in Algolia's error shape. The engine names the cause
// in its own terms (filters, facetFilters, numericFilters and tagFilters are one tree to it); the
// refusal names the request's parameter.
import type { WorkBudgetExceeded, WorkCause } from '../engine/work-budget.ts'
import { type AlgoliaError, badRequest } from './algolia-error.ts'
import { filterCount, type Params } from './search-params.ts'

/** The filter parameters the engine evaluates as its one `filters` tree. */
const FILTER_LISTS = ['facetFilters', 'numericFilters', 'tagFilters'] as const

/** The parameter of the request behind an engine's cause: the one holding most of it. */
function requestParameter(cause: WorkCause, params: Params): string {
  switch (cause) {
    case 'filters': {
      let name = 'filters'
      let most = typeof params.filters === 'string' ? params.filters.split(/\s+(?:AND|OR)\s+/).length : 0
      for (const list of FILTER_LISTS) {
        const count = filterCount(params[list])
        if (count > most) {
          most = count
          name = list
        }
      }
      return name
    }
    case 'hitsPerPage':
      return params.length !== undefined ? 'length' : 'hitsPerPage'
    case 'query':
      return typeof params.similarQuery === 'string' && params.similarQuery.trim() !== ''
        ? 'similarQuery'
        : 'query'
    default:
      return cause
  }
}

/** The 400 for a search (or a request's searches together) past its work budget. */
export function tooExpensive(error: WorkBudgetExceeded, params: Params): AlgoliaError {
  const name = requestParameter(error.parameter, params)
  return badRequest(
    error.slice
      ? `Search too expensive: ${name} asks for more work than one search may do; send fewer values, or narrow the search (query, filters) first`
      : `Searches too expensive together: ${name} asks for more work than one request may do; send fewer queries or fewer values`,
  )
}
