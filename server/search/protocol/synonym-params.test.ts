import { describe, expect, it } from 'vitest'
import { readSynonymSearch } from './synonym-params.ts'

describe('readSynonymSearch', () => {
  it('reads the body, its paging at the defaults', () => {
    expect(readSynonymSearch({})).toEqual({ query: '', type: undefined, page: 0, hitsPerPage: 100 })
    expect(readSynonymSearch({ query: 'hbf', type: 'synonym', page: 1, hitsPerPage: 5 })).toEqual({
      query: 'hbf',
      type: 'synonym',
      page: 1,
      hitsPerPage: 5,
    })
  })

  it.each([
    [{ query: 1 }, /query/],
    [{ hitsPerPage: 0 }, /hitsPerPage/],
    [{ page: 'one' }, /hitsPerPage/],
  ])('refuses %j', (body, message) => {
    expect(() => readSynonymSearch(body)).toThrow(message)
  })
})
