import { describe, expect, it } from 'vitest'
import { readCheckedRule, readRuleSearch } from './rule-params.ts'

describe('readCheckedRule', () => {
  const rule = (params: Record<string, unknown>) => ({
    objectID: 'r1',
    conditions: [{ pattern: 'hbf', anchoring: 'contains' }],
    consequence: { params },
  })

  it('takes a rule whose consequence sets search parameters and rule-only ones', () => {
    expect(
      readCheckedRule(rule({ hitsPerPage: 5, query: 'x', automaticFacetFilters: ['state'] })).objectID,
    ).toBe('r1')
  })

  it('refuses a consequence with a parameter that is not a search parameter', () => {
    expect(() => readCheckedRule(rule({ colour: 'red' }))).toThrow('Unknown parameter: colour')
  })
})

describe('readRuleSearch', () => {
  it('reads the body, page and hitsPerPage at their defaults, enabled as null', () => {
    expect(readRuleSearch({})).toEqual({ enabled: null, page: 0, hitsPerPage: 20 })
    expect(
      readRuleSearch({ query: 'hbf', anchoring: 'is', context: 'app', enabled: false, page: 2 }),
    ).toEqual({
      query: 'hbf',
      anchoring: 'is',
      context: 'app',
      enabled: false,
      page: 2,
      hitsPerPage: 20,
    })
  })

  it.each([
    [{ query: 1 }, /query/],
    [{ anchoring: 'near' }, /anchoring/],
    [{ context: ['a'] }, /context/],
    [{ page: -1 }, /page/],
    [{ page: 1.5 }, /page/],
    [{ hitsPerPage: 0 }, /hitsPerPage/],
    [{ hitsPerPage: 1001 }, /hitsPerPage/],
    [{ enabled: 'yes' }, /enabled/],
  ])('refuses %j', (body, message) => {
    expect(() => readRuleSearch(body)).toThrow(message)
  })
})
