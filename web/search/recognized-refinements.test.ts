import type { IndexUiState } from 'instantsearch.js'
import { describe, expect, it, vi } from 'vitest'
import { useRecognizedRefinements } from './recognized-refinements.ts'

/** What useInstantSearch gives the hook: the latest answer and the index's UI state. */
const instantSearch = vi.hoisted(() => ({
  results: undefined as unknown,
  indexUiState: {} as IndexUiState,
  setIndexUiState: (_update: (state: IndexUiState) => IndexUiState) => {},
}))
// Outside a server render: nothing to wait for (server-search.tsx).
vi.mock('react-instantsearch', () => ({
  useInstantSearch: () => instantSearch,
  useRSCContext: () => ({ waitForResultsRef: null }),
}))

/** The hook for an answer and the page's UI state; `state()` is that state after adopt() or drop(). */
function recognized(answer: unknown, indexUiState: IndexUiState) {
  let state = indexUiState
  Object.assign(instantSearch, {
    results: answer,
    indexUiState,
    setIndexUiState: (update: (current: IndexUiState) => IndexUiState) => {
      state = update(state)
    },
  })
  // biome-ignore lint/correctness/useHookAtTopLevel: its hooks (useInstantSearch, useRSCContext) are mocked: a plain call
  return { refinements: useRecognizedRefinements(), state: () => state }
}

const NRW = { kind: 'refinement', attribute: 'federalState', value: 'Nordrhein-Westfalen' }
const answer = { query: 'hbf nrw', parsedQuery: 'hbf', userData: [{ kind: 'notice', title: 'x' }, NRW] }

describe('refinements a query rule recognized in the query', () => {
  it('are read from the answer for the query the page holds, known filters only', () => {
    expect(recognized(answer, { query: 'hbf nrw' }).refinements).toMatchObject({
      pending: [{ attribute: 'federalState', value: 'Nordrhein-Westfalen' }],
      remainingQuery: 'hbf',
    })
    // An answer to an earlier keystroke, none, or one without the searched query: nothing.
    expect(recognized(answer, { query: 'hbf nrw k' }).refinements).toBeUndefined()
    expect(recognized(undefined, {}).refinements).toBeUndefined()
    expect(
      recognized({ ...answer, parsedQuery: undefined }, { query: 'hbf nrw' }).refinements,
    ).toBeUndefined()
    const unknown = {
      ...answer,
      userData: [
        { ...NRW, attribute: 'weight' },
        { ...NRW, value: 3 },
      ],
    }
    expect(recognized(unknown, { query: 'hbf nrw' }).refinements).toBeUndefined()
    // Already refined: no longer pending.
    const refined = recognized(answer, {
      query: 'hbf nrw',
      refinementList: { federalState: ['Nordrhein-Westfalen'] },
    })
    expect(refined.refinements?.pending).toEqual([])
  })

  it('may name several values of one filter, ORed as its list refines them ("fernverkehr")', () => {
    const fern = { kind: 'refinement', attribute: 'trains', values: ['ICE', 'IC/EC'] }
    const both = recognized(
      { query: 'fernverkehr köln', parsedQuery: 'köln', userData: [fern, NRW] },
      { query: 'fernverkehr köln', refinementList: { trains: ['ICE'] } },
    )
    expect(both.refinements?.pending).toEqual([
      { attribute: 'trains', value: 'IC/EC' },
      { attribute: 'federalState', value: 'Nordrhein-Westfalen' },
    ])
    both.refinements?.adopt()
    expect(both.state()).toEqual({
      query: 'köln',
      refinementList: { trains: ['ICE', 'IC/EC'], federalState: ['Nordrhein-Westfalen'] },
    })
  })

  it('become a refinement with their words out of the query, or leave with their words', () => {
    const state = { query: 'hbf nrw', page: 3, refinementList: { facilities: ['WLAN'] } }
    const adopting = recognized(answer, state)
    adopting.refinements?.adopt()
    expect(adopting.state()).toEqual({
      query: 'hbf',
      refinementList: { facilities: ['WLAN'], federalState: ['Nordrhein-Westfalen'] },
    })
    // Already refined: not twice. Nothing left to search: no query.
    const alone = recognized(
      { ...answer, query: 'nrw', parsedQuery: '' },
      { query: 'nrw', refinementList: { federalState: ['Nordrhein-Westfalen'] } },
    )
    alone.refinements?.adopt()
    expect(alone.state()).toEqual({ refinementList: { federalState: ['Nordrhein-Westfalen'] } })
    const dropping = recognized(answer, state)
    dropping.refinements?.drop()
    expect(dropping.state()).toEqual({ query: 'hbf', refinementList: { facilities: ['WLAN'] } })
  })
})
