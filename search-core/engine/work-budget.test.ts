// The work budget: a search charges its work before doing it; past the budget it is refused with
// the parameter that made the work, never half-answered; a search within it answers as without.
import { describe, expect, it } from 'vitest'
import { and, facet, numeric, or } from '../../tests/helpers/filter-nodes.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchParams, SearchRecord } from './types.ts'
import { WorkAbandoned, WorkBudget, WorkBudgetExceeded } from './work-budget.ts'

/** 200 small stations on a grid around Kassel, in four states. */
function records(): SearchRecord[] {
  const states = ['Hessen', 'Bayern', 'Berlin', 'Sachsen']
  return Array.from({ length: 200 }, (_, i) => ({
    objectID: `s${i}`,
    name: `Bahnhof ${i % 2 === 0 ? 'Nord' : 'Süd'} ${i}`,
    state: states[i % 4]!,
    platforms: i % 12,
    _geoloc: { lat: 51 + (i % 20) / 100, lng: 9 + Math.floor(i / 20) / 100 },
  }))
}

function stations(): SearchIndex {
  const index = new SearchIndex({
    searchableAttributes: ['name'],
    attributesForFaceting: ['state', 'platforms'],
  })
  index.save(records())
  return index
}

/** The error a search throws, or undefined when it answers. */
function refusal(index: SearchIndex, params: SearchParams): WorkBudgetExceeded | undefined {
  try {
    index.search(params)
    return undefined
  } catch (error) {
    if (error instanceof WorkBudgetExceeded) return error
    throw error
  }
}

/** A polygon of `points` points on a circle around the grid. */
function circle(points: number): number[] {
  return Array.from({ length: points }, (_, i) => {
    const angle = (2 * Math.PI * i) / points
    return [51.1 + Math.sin(angle), 9.05 + Math.cos(angle)]
  }).flat()
}

describe('the work budget of a search', () => {
  it('answers a search within its budget as it answers without one, and counts its work', () => {
    const index = stations()
    const params: SearchParams = {
      query: 'bahnhof nord',
      filters: or(facet('state', 'Hessen'), facet('state', 'Bayern')),
      facets: ['state'],
      hitsPerPage: 5,
    }
    const budget = new WorkBudget(1_000_000)
    const within = index.search({ ...params, budget })
    const { processingTimeMS: _a, ...answer } = within
    const { processingTimeMS: _b, ...unbounded } = index.search(params)
    expect(answer).toEqual(unbounded)
    expect(within.hits).toHaveLength(5)
    expect(budget.spent).toBeGreaterThan(0)
    expect(budget.spent).toBeLessThan(1_000_000)
  })

  it('refuses a polygon of many points as its edges are tested, naming insidePolygon', () => {
    const index = stations()
    const polygon = circle(5000)
    // 200 records × 5,000 edges: about a million edge tests.
    const refused = refusal(index, { insidePolygon: [polygon], budget: new WorkBudget(500_000) })
    expect(refused?.parameter).toBe('insidePolygon')
    // The same polygon on a budget that holds it: every station lies inside.
    expect(index.search({ insidePolygon: [polygon], budget: new WorkBudget(50_000_000) }).nbHits).toBe(200)
  })

  it('names the parameter that made most of the work, not the one that charged last', () => {
    const index = stations()
    const many = Array.from({ length: 300 }, (_, i) =>
      or(facet('state', `Land${i}`), facet('platforms', `${i}`)),
    )
    // Optional filters rank every candidate by every term: that product dominates a page of hits.
    const refused = refusal(index, {
      optionalFilters: and(...many),
      sumOrFiltersScores: true,
      hitsPerPage: 100,
      budget: new WorkBudget(2_000_000),
    })
    expect(refused?.parameter).toBe('optionalFilters')
    const numericTerms = or(...Array.from({ length: 2000 }, (_, i) => numeric('platforms', '=', i)))
    expect(refusal(index, { filters: numericTerms, budget: new WorkBudget(2_000_000) })?.parameter).toBe(
      'filters',
    )
    const boxes = Array.from({ length: 5000 }, (): [number, number, number, number] => [50, 8, 52, 10])
    expect(refusal(index, { insideBoundingBox: boxes, budget: new WorkBudget(2_000_000) })?.parameter).toBe(
      'insideBoundingBox',
    )
    expect(
      refusal(index, {
        hitsPerPage: 200,
        attributesToHighlight: Array.from({ length: 2000 }, (_, i) => `name${i}`),
        budget: new WorkBudget(2_000_000),
      })?.parameter,
    ).toBe('attributesToHighlight')
  })

  it('bounds one slice apart from the request: a slice over its share is refused as one search', () => {
    const index = stations()
    const polygon = circle(2000)
    const budget = new WorkBudget(100_000_000, 300_000)
    const refused = refusal(index, { insidePolygon: [polygon], budget })
    expect(refused?.slice).toBe(true)
    expect(refused?.parameter).toBe('insidePolygon')
  })

  it("shares one budget between a request's searches: each fits, together they do not", () => {
    const index = stations()
    const polygon = circle(1000)
    const alone = new WorkBudget(Number.POSITIVE_INFINITY)
    index.search({ insidePolygon: [polygon], budget: alone })
    // Room for two such searches, not three; each slice holds one.
    const budget = new WorkBudget(alone.spent * 2.5, alone.spent * 1.5)
    for (let search = 0; search < 2; search++) {
      budget.slice()
      expect(index.search({ insidePolygon: [polygon], budget }).nbHits).toBe(200)
    }
    budget.slice()
    const refused = refusal(index, { insidePolygon: [polygon], budget })
    expect(refused?.slice).toBe(false)
  })

  it('stops at the next slice once the work is abandoned', () => {
    let gone = false
    const budget = new WorkBudget(1_000_000, 1_000_000, () => gone)
    budget.slice()
    stations().search({ query: 'bahnhof', budget })
    gone = true
    expect(() => budget.slice()).toThrow(WorkAbandoned)
  })
})
