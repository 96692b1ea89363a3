import { describe, expect, it } from 'vitest'
import { planRules } from './rule-consequences.ts'
import { matchRules, type RuleSearch } from './rule-matching.ts'
import type { Rule } from './rule-types.ts'

function search(query: string, more: Partial<RuleSearch> = {}): RuleSearch {
  return {
    query,
    ruleContexts: [],
    filters: [],
    now: 1_000_000,
    facetValues: (attribute) => (attribute === 'city' ? ['Bad Homburg', 'Bonn'] : []),
    synonyms: [],
    ...more,
  }
}

const rule = (objectID: string, extra: Partial<Rule>): Rule => ({ objectID, consequence: {}, ...extra })

describe('rule matching', () => {
  it('matches alternatives against the synonym list it is given, also after the list is replaced', () => {
    const rules = [
      rule('bahnhof', { conditions: [{ pattern: 'bahnhof', anchoring: 'is', alternatives: true }] }),
    ]
    const before = [{ objectID: 's1', type: 'synonym' as const, synonyms: ['bahnhof', 'station'] }]
    const ids = (synonyms: RuleSearch['synonyms']) =>
      matchRules(rules, search('station', { synonyms })).map((m) => m.rule.objectID)
    expect(ids(before)).toEqual(['bahnhof'])
    expect(ids(before)).toEqual(['bahnhof'])
    expect(ids([])).toEqual([])
    expect(ids([{ objectID: 's2', type: 'onewaysynonym', input: 'station', synonyms: ['bahnhof'] }])).toEqual(
      ['bahnhof'],
    )
  })

  it('orders matches by position, then length, then anchoring, then objectID', () => {
    const rules = [
      rule('late', { conditions: [{ pattern: 'hbf', anchoring: 'contains' }] }),
      rule('long', { conditions: [{ pattern: 'bonn hbf', anchoring: 'startsWith' }] }),
      rule('short', { conditions: [{ pattern: 'bonn', anchoring: 'startsWith' }] }),
      rule('always', {}),
    ]
    expect(matchRules(rules, search('Bonn Hbf')).map((m) => m.rule.objectID)).toEqual([
      'long',
      'short',
      'late',
      'always',
    ])
    // Otherwise equal: the smaller objectID first.
    const twins = [
      rule('zwei', { conditions: [{ pattern: 'bonn', anchoring: 'is' }] }),
      rule('eins', { conditions: [{ pattern: 'bonn', anchoring: 'is' }] }),
    ]
    expect(matchRules(twins, search('bonn')).map((m) => m.rule.objectID)).toEqual(['eins', 'zwei'])
  })

  it('reads a facet placeholder over several words and removes them from the query', () => {
    const matches = matchRules(
      [
        rule('city', {
          conditions: [{ pattern: '{facet:city} hbf', anchoring: 'is' }],
          consequence: {
            params: { automaticFacetFilters: ['city'], query: { remove: ['{facet:city}'] } },
          },
        }),
      ],
      search('bad homburg hbf'),
    )
    expect(matches[0]?.facets).toEqual([{ facet: 'city', value: 'Bad Homburg', start: 0, end: 2 }])
    expect(planRules(matches, 'bad homburg hbf')).toMatchObject({
      query: 'hbf',
      facetFilters: [['city:Bad Homburg']],
    })
  })

  it('keeps a rule outside its validity and a disabled one out', () => {
    const rules = [
      rule('over', { validity: [{ from: 1, until: 999_999 }] }),
      rule('off', { enabled: false }),
      rule('open', { validity: [{ from: 999_000 }] }),
    ]
    expect(matchRules(rules, search('x')).map((m) => m.rule.objectID)).toEqual(['open'])
  })

  it('lets the first rule win a parameter and ANDs their filters', () => {
    const rules = [
      rule('a', {
        conditions: [{ pattern: 'a', anchoring: 'is' }],
        consequence: { params: { hitsPerPage: 1, filters: 'x:1' } },
      }),
      rule('b', { consequence: { params: { hitsPerPage: 9, filters: 'y:2' } } }),
    ]
    const plan = planRules(matchRules(rules, search('a')), 'a')
    expect(plan.params).toEqual({ hitsPerPage: 1 })
    expect(plan.filters.filters).toEqual(['x:1', 'y:2'])
    expect(plan.applied).toEqual(['a', 'b'])
  })

  it('applies several rules only to distinct words: an overlapping match of lower precedence is left out', () => {
    const state = (objectID: string, pattern: string): Rule =>
      rule(objectID, {
        conditions: [{ pattern, anchoring: 'contains' }],
        consequence: { params: { filters: `state:"${objectID}"`, query: { remove: [pattern] } } },
      })
    const rules = [state('Sachsen', 'sachsen'), state('Sachsen-Anhalt', 'sachsen anhalt'), rule('always', {})]
    const anhalt = planRules(matchRules(rules, search('hbf sachsen anhalt')), 'hbf sachsen anhalt')
    expect(anhalt.applied).toEqual(['Sachsen-Anhalt', 'always'])
    expect(anhalt.filters.filters).toEqual(['state:"Sachsen-Anhalt"'])
    expect(anhalt.query).toBe('hbf')
    // Distinct words: both apply.
    const both = planRules(
      matchRules(rules, search('sachsen hbf sachsen anhalt')),
      'sachsen hbf sachsen anhalt',
    )
    expect(both.applied).toEqual(['Sachsen', 'Sachsen-Anhalt', 'always'])
  })
})
