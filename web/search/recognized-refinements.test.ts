import { describe, expect, it } from 'vitest'
import { adopted, dropped, recognitionIn } from './recognized-refinements.ts'

const NRW = { kind: 'refinement', attribute: 'federalState', value: 'Nordrhein-Westfalen' }
const answer = { query: 'hbf nrw', parsedQuery: 'hbf', userData: [{ kind: 'notice', title: 'x' }, NRW] }

describe('refinements a query rule recognized in the query', () => {
  it('are read from the answer for the query the page holds, known filters only', () => {
    expect(recognitionIn(answer, 'hbf nrw')).toEqual({
      refinements: [{ attribute: 'federalState', value: 'Nordrhein-Westfalen' }],
      remainingQuery: 'hbf',
    })
    // An answer to an earlier keystroke, none, or one without the searched query: nothing.
    expect(recognitionIn(answer, 'hbf nrw k')).toBeUndefined()
    expect(recognitionIn(undefined, '')).toBeUndefined()
    expect(recognitionIn({ ...answer, parsedQuery: undefined }, 'hbf nrw')).toBeUndefined()
    expect(
      recognitionIn(
        {
          ...answer,
          userData: [
            { ...NRW, attribute: 'weight' },
            { ...NRW, value: 3 },
          ],
        },
        'hbf nrw',
      ),
    ).toBeUndefined()
  })

  it('become a refinement with their words out of the query, or leave with their words', () => {
    const recognition = recognitionIn(answer, 'hbf nrw')!
    const state = { query: 'hbf nrw', page: 3, refinementList: { facilities: ['WLAN'] } }
    expect(adopted(state, recognition)).toEqual({
      query: 'hbf',
      refinementList: { facilities: ['WLAN'], federalState: ['Nordrhein-Westfalen'] },
    })
    // Already refined: not twice. Nothing left to search: no query.
    const alone = recognitionIn({ ...answer, query: 'nrw', parsedQuery: '' }, 'nrw')!
    expect(
      adopted({ query: 'nrw', refinementList: { federalState: ['Nordrhein-Westfalen'] } }, alone),
    ).toEqual({
      refinementList: { federalState: ['Nordrhein-Westfalen'] },
    })
    expect(dropped(state, recognition)).toEqual({ query: 'hbf', refinementList: { facilities: ['WLAN'] } })
  })
})
