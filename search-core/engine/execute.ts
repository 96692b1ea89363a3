// One query against the columns: matching words ∩ live ∩ filters ∩ geo → candidate slots, then
// the ranking keys the criteria read. Hits, facets and facet-value search all start here.
import { andInto, type Bitset, bitsToList, hasBit, popcount } from './bitset.ts'
import { ATTR_SHIFT, MAX_POSITION } from './dictionary.ts'
import { type FilterScores, filterScores } from './filter-scores.ts'
import { evaluateFilter } from './filters-eval.ts'
import { type AroundPrecision, geoBucketer, polygonTest } from './geo.ts'
import type { IndexData } from './index-data.ts'
import type { ExactOnSingleWord, Matcher, MatchOptions, MatchResult } from './matcher.ts'
import { AUTOMATIC_RADIUS_RECORDS, DEFAULT_AROUND_PRECISION } from './options.ts'
import { planQuery } from './query-language/query-plan.ts'
import { type Criterion, type KeyFn, kthSmallest, topK } from './ranking.ts'
import { type Attempt, matchedWords, relaxed } from './relaxation.ts'
import type { LatLng, SearchParams } from './types.ts'
import { CAUSE, type CauseId, WORK_COSTS } from './work-budget.ts'

interface GeoContext {
  center: LatLng
  /** Distance per slot for candidates (dense, indexed by slot). */
  distance: Float64Array
  nearest: Int32Array
  bucket: (d: number) => number
  precisionAt: (d: number) => number
  automaticRadius?: number
}

export interface Execution {
  match: MatchResult
  candidates: Int32Array
  /** The candidates as a bitset (the live bitset itself when `all`: do not mutate). */
  bits: Bitset
  /** True when candidates are all live records (the cached list: do not mutate). */
  all: boolean
  geo?: GeoContext
  /** Some query words are optional for these candidates (the words criterion applies). */
  partial?: boolean
  exactSingle: ExactOnSingleWord
  /** minProximity: closer word pairs count as this distance. */
  minProximity: number
  /** Filter scores (optional filters, scored filters), when candidates can score differently. */
  scores?: FilterScores
  /** Every candidate has the same typo count (typoTolerance `min` kept one). */
  typosUniform?: boolean
}

export function execute(
  data: IndexData,
  matcher: Matcher,
  params: SearchParams,
  options: MatchOptions,
): Execution {
  const plan = planQuery(params.query ?? '', options)
  const match = matcher.match(plan.words, plan.options)
  return relaxed(data, plan, match, (attempt) => narrow(data, params, options, match, attempt))
}

/** The records the words select, narrowed by filters, geo and the typo cut. */
function narrow(
  data: IndexData,
  params: SearchParams,
  options: MatchOptions,
  match: MatchResult,
  attempt: Attempt,
): Execution {
  const words = match.words
  let bits: Bitset | undefined = attempt.bits
  const restrict = (other: Bitset): void => {
    data.budget.charge(other.length * WORK_COSTS.bitsetWord, CAUSE.filters)
    if (bits === undefined) bits = data.scratch.copy(data.alive)
    andInto(bits, other)
  }
  if (bits !== undefined) andInto(bits, data.alive)
  if (params.filters) restrict(evaluateFilter(params.filters, data))

  const boxes = params.insideBoundingBox?.length ? params.insideBoundingBox : undefined
  const polygons = params.insidePolygon?.length ? params.insidePolygon : undefined
  if (boxes || polygons) {
    if (bits === undefined) bits = data.scratch.copy(data.alive)
    if (boxes) andInto(bits, data.geo.boxBits(boxes, data.scratch.bitset(bits.length), data.budget))
    if (polygons) {
      // Each location against each polygon's bounding box first; the edges tested charge as they go.
      const locations = popcount(bits) * data.geo.locationsPerSlot
      data.budget.charge(locations * polygons.length * WORK_COSTS.boxPoint, CAUSE.insidePolygon)
      const polygon = polygonTest(polygons, data.budget)
      data.geo.keepWhere(bits, polygon.test)
      polygon.done()
    }
  }

  let geo: GeoContext | undefined
  // Around is ignored when a box or polygon restricts the area (Algolia's precedence).
  if (params.aroundLatLng && !boxes && !polygons) {
    const result = around(data, params, params.aroundLatLng, bits ?? data.alive)
    geo = result.geo
    if (result.within) restrict(result.within)
  }

  // With `min`, the cut leaves one typo count: the typo criterion then ranks nothing. Without a
  // typo in any match every count is 0: nothing to cut, nothing for the criterion to rank.
  let typosUniform = words.length > 0 && !match.typos
  if (words.length > 0 && (options.typoTolerance === 'min' || options.typoTolerance === 'strict') && bits) {
    if (match.typos) {
      data.budget.charge(popcount(bits) * (words.length + 2) * WORK_COSTS.candidate, CAUSE.query)
      restrict(typoCut(data, match, bits, options.typoTolerance === 'min' ? 1 : 2))
    }
    typosUniform ||= options.typoTolerance === 'min'
  }

  const partial = attempt.partial
  const exactSingle = options.exactOnSingleWordQuery ?? 'attribute'
  const scores = filterScores(
    data,
    params.filters,
    params.optionalFilters,
    params.sumOrFiltersScores === true,
  )
  const minProximity = options.minProximity ?? 1
  const common = {
    match,
    geo,
    partial,
    exactSingle,
    minProximity,
    typosUniform,
    ...(scores ? { scores } : {}),
  }
  if (bits === undefined) return { ...common, candidates: data.allLive(), bits: data.alive, all: true }
  const count = popcount(bits)
  return { ...common, candidates: bitsToList(bits, count, data.scratch.list(count)), bits, all: false }
}

function around(
  data: IndexData,
  params: SearchParams,
  center: LatLng,
  current: Bitset,
): { geo: GeoContext; within: Bitset | undefined } {
  // Indexed by slot but only written (and read) for candidates: no clearing needed.
  const distance = data.scratch.f64('geoDistance', data.slots)
  const nearest = data.scratch.i32('geoNearest', data.slots)
  const count = popcount(current)
  data.budget.charge(count * data.geo.locationsPerSlot * WORK_COSTS.distance, CAUSE.aroundLatLng)
  const candidates = bitsToList(current, count, data.scratch.list(count))
  for (const slot of candidates) {
    distance[slot] = data.geo.nearest(slot, center.lat, center.lng)
    nearest[slot] = data.geo.nearestIndex
  }
  const precision: AroundPrecision = params.aroundPrecision ?? DEFAULT_AROUND_PRECISION
  const geo: GeoContext = { center, distance, nearest, ...geoBucketer(precision) }
  let radius: number | undefined
  if (params.aroundRadius === 'all') radius = undefined
  else if (typeof params.aroundRadius === 'number') radius = params.aroundRadius
  else {
    radius = Math.max(automaticRadius(data, center), params.minimumAroundRadius ?? 0)
    geo.automaticRadius = radius
  }
  if (radius === undefined) return { geo, within: undefined }
  const within = data.scratch.bitset(current.length)
  for (const slot of candidates) {
    if (distance[slot]! <= radius) within[slot >>> 5]! |= 1 << (slot & 31)
  }
  return { geo, within }
}

const radiusCache = new WeakMap<IndexData, Map<string, number>>()

/** Radius holding the nearest ~1000 records: dense areas get small radii, sparse ones large. */
function automaticRadius(data: IndexData, center: LatLng): number {
  let cache = radiusCache.get(data)
  if (cache === undefined) {
    cache = new Map()
    radiusCache.set(data, cache)
  }
  const key = `${data.version}:${center.lat},${center.lng}`
  const cached = cache.get(key)
  if (cached !== undefined) return cached
  const all = data.allLive()
  data.budget.charge(all.length * data.geo.locationsPerSlot * WORK_COSTS.distance, CAUSE.aroundLatLng)
  const d = data.scratch.f64('radius', all.length)
  let n = 0
  for (const slot of all) {
    const distance = data.geo.nearest(slot, center.lat, center.lng)
    if (distance !== Number.POSITIVE_INFINITY) d[n++] = distance
  }
  const k = Math.min(AUTOMATIC_RADIUS_RECORDS, n) - 1
  const radius = n === 0 ? 0 : Math.ceil(kthSmallest(d.subarray(0, n), k, data.scratch.f64('select', n)))
  if (cache.size > 256) cache.clear()
  cache.set(key, radius)
  return radius
}

function typoSum(match: MatchResult, slot: number): number {
  const scratch = match.scratch
  let sum = 0
  for (let w = 0; w < scratch.length; w++) sum += scratch[w]!.flags[slot]! >> 2
  return sum
}

/** typoTolerance min/strict: keep the records with the fewest (or two fewest) typo counts. */
function typoCut(data: IndexData, match: MatchResult, bits: Bitset, levels: number): Bitset {
  const count = popcount(bits)
  const slots = bitsToList(bits, count, data.scratch.list(count))
  // Typo counts are small: each record's sum once, word by word, then the levels present.
  const sums = data.scratch.i32('typoSums', slots.length)
  sums.fill(0)
  for (const word of match.scratch) {
    const flags = word.flags
    for (let i = 0; i < slots.length; i++) sums[i]! += flags[slots[i]!]! >> 2
  }
  let highest = 0
  for (let i = 0; i < sums.length; i++) if (sums[i]! > highest) highest = sums[i]!
  const present = new Uint8Array(highest + 1)
  for (let i = 0; i < sums.length; i++) present[sums[i]!] = 1
  let max = 0
  for (let level = 0, kept = 0; kept < levels && level <= highest; level++) {
    if (present[level] === 1) {
      max = level
      kept++
    }
  }
  const out = data.scratch.bitset(bits.length)
  for (let i = 0; i < slots.length; i++) {
    if (sums[i]! <= max) {
      const slot = slots[i]!
      out[slot >>> 5]! |= 1 << (slot & 31)
    }
  }
  return out
}

/** Key functions for the criteria that can differ between candidates of this query. */
function keyFunctions(data: IndexData, exec: Execution, ranking: readonly Criterion[]): KeyFn[] {
  const fns: KeyFn[] = []
  let custom: KeyFn | undefined
  const { match, geo } = exec
  const scratch = match.scratch
  const wordCount = scratch.length
  // The textual keys read each query word's arrays for each candidate.
  const perWord = (fn: KeyFn): KeyFn =>
    Object.assign(fn, { cost: WORK_COSTS.rankKey + wordCount * WORK_COSTS.wordKey })
  for (const criterion of ranking) {
    switch (criterion.kind) {
      case 'typo':
        if (wordCount > 0 && exec.typosUniform !== true) fns.push(perWord(perSlot((s) => typoSum(match, s))))
        break
      case 'geo':
        if (geo) fns.push(perSlot((s) => geoKey(geo, s), CAUSE.aroundLatLng))
        break
      case 'proximity':
        if (wordCount > 1) {
          // A candidate's key walks its forward index once per query word.
          const perRecord = data.fwd.length / 2 / Math.max(1, data.slots)
          const fn = proximityKeys(data, match, exec.minProximity)
          fns.push(Object.assign(fn, { cost: perRecord * wordCount * WORK_COSTS.rankKey }))
        }
        break
      case 'attribute':
        if (wordCount > 0) {
          fns.push(
            perWord(
              perSlot((s) => {
                let best = Number.POSITIVE_INFINITY
                for (let w = 0; w < scratch.length; w++) {
                  const a = scratch[w]!.attr[s]!
                  if (a < best) best = a
                }
                return best
              }),
            ),
          )
        }
        break
      case 'exact':
        if (wordCount > 0) fns.push(perWord(perSlot((s) => -exactWords(match, s, exec.exactSingle))))
        break
      case 'custom': {
        if (data.custom.specs.length > 0) {
          const rank = data.custom.rankOf.data
          custom = perSlot((s) => rank[s]!, CAUSE.ranking)
          fns.push(custom)
        }
        break
      }
      case 'sort': {
        const column = data.sortColumn(criterion.spec)
        if (column) fns.push(perSlot(column.keyFn(), CAUSE.ranking))
        break
      }
      case 'words':
        if (exec.partial) fns.push(perWord(perSlot((s) => -matchedWords(match, s))))
        break
      case 'filters': {
        const scores = exec.scores
        if (scores) fns.push(scores.keys)
        break
      }
    }
  }
  // Until a record is appended, slots are in custom-ranking order, and the final tie-break (the
  // slot) gives that order for free: a last custom criterion needs no keys.
  if (custom !== undefined && fns.at(-1) === custom && data.appended === 0) fns.pop()
  return fns
}

function perSlot(key: (slot: number) => number, cause: CauseId = CAUSE.query): KeyFn {
  const fn: KeyFn = (slots, keys) => {
    for (let i = 0; i < slots.length; i++) keys[i] = key(slots[i]!)
  }
  fn.cause = cause
  return fn
}

function geoKey(geo: GeoContext, slot: number): number {
  const d = geo.distance[slot]!
  return d === Number.POSITIVE_INFINITY ? d : geo.bucket(d)
}

/** Words matched exactly; a one-word query per exactOnSingleWordQuery (default: a whole attribute value). */
export function exactWords(
  match: MatchResult,
  slot: number,
  single: ExactOnSingleWord = 'attribute',
): number {
  const scratch = match.scratch
  if (scratch.length === 1 && single !== 'word') {
    if (single === 'none') return 0
    return scratch[0]!.flags[slot]! === 0 ? 1 : 0
  }
  let n = 0
  for (let w = 0; w < scratch.length; w++) if (scratch[w]!.flags[slot]! >> 1 === 0) n++
  return n
}

const MAX_PROXIMITY = 8

/**
 * Sum over adjacent query words of their closest distance in one attribute (capped at 8). The
 * words of a phrase synonym's alternative stand for every word of its span; two query words that
 * one alternative replaces are at distance 1 wherever it occurs.
 */
export function proximityKeys(data: IndexData, match: MatchResult, minProximity = 1): KeyFn {
  const wordCount = match.scratch.length
  const masks = new Map<number, number>()
  for (const [term, info] of match.terms) masks.set(term, info.mask)
  for (const [term, mask] of match.phraseTerms) masks.set(term, (masks.get(term) ?? 0) | mask)
  const spanPairs = match.spanPairs
  const variantOf = data.dict.variantOf.data
  const lastPos = new Int32Array(wordCount)
  const lastAttr = new Int32Array(wordCount)
  const best = new Int32Array(wordCount)
  return (slots, keys) => {
    const off = data.fwdOff.data
    const fwd = data.fwd.data
    slots.forEach((slot, i) => {
      lastAttr.fill(-1)
      best.fill(MAX_PROXIMITY)
      for (let k = off[slot]!; k < off[slot + 1]!; k += 2) {
        const t = fwd[k]!
        const v = variantOf[t]!
        const mask = (masks.get(t) ?? 0) | (v >= 0 ? (masks.get(v) ?? 0) : 0)
        if (mask === 0) continue
        if (spanPairs !== 0) {
          const pairs = spanPairs & mask & (mask >>> 1)
          for (let w = 0; w < wordCount - 1; w++) if ((pairs >>> w) & 1) best[w] = 1
        }
        const meta = fwd[k + 1]!
        const attr = meta >>> ATTR_SHIFT
        const pos = meta & MAX_POSITION
        for (let w = 0; w < wordCount; w++) {
          if (((mask >> w) & 1) === 0) continue
          if (w > 0 && lastAttr[w - 1] === attr) {
            const d = Math.max(1, pos - lastPos[w - 1]!)
            if (d < best[w - 1]!) best[w - 1] = d
          }
          if (w < wordCount - 1 && lastAttr[w + 1] === attr) {
            const d = Math.max(1, pos - lastPos[w + 1]! + 1)
            if (d < best[w]!) best[w] = d
          }
        }
        for (let w = 0; w < wordCount; w++) {
          if (((mask >> w) & 1) === 1) {
            lastPos[w] = pos
            lastAttr[w] = attr
          }
        }
      }
      let sum = 0
      for (let w = 0; w < wordCount - 1; w++) sum += Math.max(minProximity, Math.min(best[w]!, MAX_PROXIMITY))
      keys[i] = sum
    })
  }
}

/** Candidates in ranking order, the first `need` of them. */
export function rankCandidates(
  data: IndexData,
  exec: Execution,
  ranking: readonly Criterion[],
  need: number,
): Int32Array {
  const fns = keyFunctions(data, exec, ranking)
  const onlyCustom =
    fns.length <= 1 &&
    !exec.geo &&
    !exec.scores &&
    exec.match.scratch.length === 0 &&
    !ranking.some((c) => c.kind === 'sort')
  const dense = exec.all || exec.candidates.length * 32 >= data.custom.order.length
  if (onlyCustom && dense && ranking.some((c) => c.kind === 'custom')) return scanOrder(data, exec, need)
  return topK(exec.candidates, fns, need, data.scratch, data.budget)
}

/** Empty query: the custom order already is the ranking; walk it and keep the candidates. */
function scanOrder(data: IndexData, exec: Execution, need: number): Int32Array {
  const order = data.custom.order.data
  const total = data.custom.order.length
  const out = new Int32Array(Math.min(need, exec.candidates.length))
  if (out.length === 0) return out
  if (exec.all) {
    out.set(order.subarray(0, out.length))
    return out
  }
  data.budget.charge((exec.candidates.length + total) * WORK_COSTS.candidate, CAUSE.query)
  const bits = new Uint32Array(data.alive.length)
  for (const s of exec.candidates) bits[s >>> 5]! |= 1 << (s & 31)
  let k = 0
  for (let i = 0; i < total && k < out.length; i++) {
    const s = order[i]!
    if (hasBit(bits, s)) out[k++] = s
  }
  return out
}
