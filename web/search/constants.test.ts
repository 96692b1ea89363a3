import { describe, expect, it } from 'vitest'
import {
  HITS_PER_PAGE,
  MAX_FACET_HITS,
  PAGINATION_PADDING,
  REFINEMENT_LIMIT,
  REFINEMENT_SHOW_MORE_LIMIT,
  SEARCH_CLIENT_TIMEOUTS,
  STALLED_SEARCH_DELAY_MS,
  URL_WRITE_DELAY_MS,
} from './constants.ts'

describe('seed constants (PRODUCT.md §2)', () => {
  it('refinement lists show 10, then 20, and facet search returns at most 100', () => {
    expect(REFINEMENT_LIMIT).toBe(10)
    expect(REFINEMENT_SHOW_MORE_LIMIT).toBe(20)
    expect(MAX_FACET_HITS).toBe(100)
  })

  it('shows 20 hits per page with pagination padding 3', () => {
    expect(HITS_PER_PAGE).toBe(20)
    expect(PAGINATION_PADDING).toBe(3)
  })

  it('counts a search as stalled after 200 ms and writes the URL after 400 ms', () => {
    expect(STALLED_SEARCH_DELAY_MS).toBe(200)
    expect(URL_WRITE_DELAY_MS).toBe(400)
  })

  it('gives the search client connect 1 s, read 2 s, write 30 s', () => {
    expect(SEARCH_CLIENT_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 })
    expect(Object.isFrozen(SEARCH_CLIENT_TIMEOUTS)).toBe(true)
  })
})
