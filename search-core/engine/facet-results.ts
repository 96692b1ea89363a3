// Facet counts, facets_stats and facet-value search over a query's candidates.
import type { FacetAttribute } from './attributes.ts'
import type { Bitset } from './bitset.ts'
import { facetQueryWords, highlightFacetText, matchesFacetQuery } from './facet-query.ts'
import type { FacetColumn } from './facets.ts'
import type { IndexData } from './index-data.ts'
import { EngineError, type FacetHit, type FacetStats } from './types.ts'
import { CAUSE, WORK_COSTS } from './work-budget.ts'

/** The facets a request asks for: '*' = every facet that is not filterOnly; undeclared ones are ignored. */
export function requestedFacets(data: IndexData, facets: readonly string[] | undefined): FacetAttribute[] {
  if (!facets || facets.length === 0) return []
  const all = facets.includes('*')
  return data.facetAttributes.filter((f) => !f.filterOnly && (all || facets.includes(f.name)))
}

export function countFacets(
  data: IndexData,
  attributes: readonly FacetAttribute[],
  candidates: Int32Array,
  bits: Bitset,
  options: { max: number; sortBy: 'count' | 'alpha' },
): { facets: Record<string, Record<string, number>>; stats: Record<string, FacetStats> } {
  const facets: Record<string, Record<string, number>> = {}
  const stats: Record<string, FacetStats> = {}
  for (const attribute of attributes) {
    const column = data.facets.get(attribute.name)
    if (column === undefined) continue
    const counts = columnCounts(data, column, candidates, bits)
    data.budget.charge(column.values.length * WORK_COSTS.facetValue, CAUSE.facets)
    const values = facetValues(column, counts, options)
    if (Object.keys(values).length > 0) facets[attribute.name] = values
    const s = facetStats(column, counts)
    if (s) stats[attribute.name] = s
  }
  return { facets, stats }
}

/**
 * counts[code + 1] of a column over the candidates (read only). The counts over every live record
 * (the empty query, the page's first request) are kept until the next write.
 */
function columnCounts(
  data: IndexData,
  column: FacetColumn,
  candidates: Int32Array,
  bits: Bitset,
): Int32Array {
  const everyRecord = bits === data.alive
  if (everyRecord) {
    const known = data.countsOfAll(column)
    if (known !== undefined) return known
  }
  data.budget.charge(
    (column.countSteps(candidates.length, bits.length) + column.values.length) * WORK_COSTS.facetCount,
    CAUSE.facets,
  )
  const counts = new Int32Array(column.values.length + 1)
  column.count(counts, candidates, bits)
  if (everyRecord) data.keepCountsOfAll(column, counts)
  return counts
}

export function searchableFacet(data: IndexData, facet: string): FacetColumn {
  const attribute = data.facetAttributes.find((f) => f.name === facet)
  const column = data.facets.get(facet)
  if (!attribute?.searchable || column === undefined) {
    throw new EngineError(
      `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`,
    )
  }
  return column
}

/** Values whose words start with every word of the (folded) facet query, by count. */
export function facetHits(
  data: IndexData,
  column: FacetColumn,
  candidates: Int32Array,
  bits: Bitset,
  facetQuery: string,
  max: number,
  tags: { pre: string; post: string },
): FacetHit[] {
  const queryWords = facetQueryWords(facetQuery)
  const counts = columnCounts(data, column, candidates, bits)
  data.budget.charge(column.values.length * (queryWords.length + 1) * WORK_COSTS.facetValue, CAUSE.facetQuery)
  const codes: number[] = []
  for (let c = 0; c < column.values.length; c++) {
    if (counts[c + 1]! === 0) continue
    if (matchesFacetQuery(column.wordsOf(c), queryWords)) codes.push(c)
  }
  codes.sort(
    (a, b) => counts[b + 1]! - counts[a + 1]! || compareStrings(column.values[a]!, column.values[b]!),
  )
  return codes.slice(0, max).map((c) => {
    const value = column.values[c]!
    return { value, highlighted: highlightFacetText(value, queryWords, tags), count: counts[c + 1]! }
  })
}

interface FacetListOptions {
  max: number
  sortBy: 'count' | 'alpha'
}

/** Facet values with their counts, Algolia's order: count desc (ties alphabetical), or alphabetical. */
function facetValues(
  column: FacetColumn,
  counts: Int32Array,
  options: FacetListOptions,
): Record<string, number> {
  const codes: number[] = []
  for (let c = 0; c < column.values.length; c++) if (counts[c + 1]! > 0) codes.push(c)
  const values = column.values
  if (options.sortBy === 'alpha') {
    codes.sort((a, b) => compareStrings(values[a]!, values[b]!))
  } else {
    codes.sort((a, b) => counts[b + 1]! - counts[a + 1]! || compareStrings(values[a]!, values[b]!))
  }
  const out: Record<string, number> = {}
  const n = Math.min(codes.length, options.max)
  for (let i = 0; i < n; i++) {
    const c = codes[i]!
    out[values[c]!] = counts[c + 1]!
  }
  return out
}

/** min/max/avg/sum over the numeric values counted (each occurrence counts once). */
function facetStats(column: FacetColumn, counts: Int32Array): FacetStats | undefined {
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  let sum = 0
  let n = 0
  const numbers = column.numbers.data
  for (let c = 0; c < column.values.length; c++) {
    const count = counts[c + 1]!
    const v = numbers[c]!
    if (count === 0 || Number.isNaN(v)) continue
    if (v < min) min = v
    if (v > max) max = v
    sum += v * count
    n += count
  }
  if (n === 0) return undefined
  return { min, max, avg: sum / n, sum }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
