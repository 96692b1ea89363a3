// Typo matching: Damerau (optimal string alignment) distance, walked over the sorted dictionary
// as an implicit trie, so rows for a shared prefix are computed once and hopeless prefixes are
// skipped with one galloping search. Each row is computed only within the typo budget of its
// diagonal (Ukkonen's band): 2k + 1 cells instead of the word's length + 1.

/** Whether `a` starts with the first `depth` characters of `b` (compared from the end: the start is mostly shared). */
function sharesPrefix(a: string, b: string, depth: number): boolean {
  if (a.length < depth) return false
  for (let k = depth - 1; k >= 0; k--) if (a.charCodeAt(k) !== b.charCodeAt(k)) return false
  return true
}

/**
 * The end of the subtree of `sorted[from - 1]`'s first `depth` characters: the first index from
 * `from` on whose term does not start with them. Galloping, then binary search: subtrees are mostly
 * small, so this costs a few comparisons where a search of the whole dictionary cost twenty, and no
 * key string is built.
 */
function subtreeEnd(sorted: string[], term: string, depth: number, from: number): number {
  const n = sorted.length
  let step = 1
  let lo = from
  let hi = from
  while (hi < n && sharesPrefix(sorted[hi]!, term, depth)) {
    lo = hi + 1
    hi = from + step
    step *= 2
  }
  if (hi > n) hi = n
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sharesPrefix(sorted[mid]!, term, depth)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** A distance past any typo budget: what the cells outside the walked band stand for. */
const OUT_OF_BUDGET = 0x3fffffff

export type TypoVisitor = (sortedIndex: number, typos: number, matchedLength: number) => void

/**
 * Visits every term within `maxTypos` of `word` (prefix mode: whose some prefix is), with the
 * number of typos and how many characters of the term the match covers.
 */
export function typoWalk(
  sorted: string[],
  word: string,
  maxTypos: number,
  prefix: boolean,
  visit: TypoVisitor,
  from = 0,
  to = sorted.length,
): void {
  const len = word.length
  const maxDepth = len + maxTypos
  const w = new Int32Array(len)
  for (let j = 0; j < len; j++) w[j] = word.charCodeAt(j)
  // One row of len + 1 cells per depth 0..maxDepth, and the walk never goes deeper: the `!` below.
  const rows: Int32Array[] = []
  for (let d = 0; d <= maxDepth; d++) rows.push(new Int32Array(len + 1))
  const first = rows[0]!
  for (let j = 0; j <= len; j++) first[j] = j
  const rowMin = new Int32Array(maxDepth + 1)
  const bestPrefix = new Int32Array(maxDepth + 1)
  const bestAt = new Int32Array(maxDepth + 1)
  bestPrefix[0] = len
  const path = new Int32Array(maxDepth + 1)
  let valid = 0

  let i = from
  while (i < to) {
    const term = sorted[i]!
    const limit = Math.min(valid, term.length)
    let d = 0
    while (d < limit && term.charCodeAt(d) === path[d + 1]) d++
    const depthLimit = Math.min(term.length, maxDepth)
    let pruned = false
    while (d < depthLimit) {
      d++
      const c = term.charCodeAt(d - 1)
      path[d] = c
      const cur = rows[d]!
      const prev = rows[d - 1]!
      const prev2 = d > 1 ? rows[d - 2]! : prev
      const before = path[d - 1]!
      cur[0] = d
      // Only the band of cells within maxTypos of the diagonal: a cell off it is at least that far
      // (|d - j|), so it is out of budget. The cells either side of the band read as such.
      const lo = Math.max(d - maxTypos, 1)
      const hi = Math.min(d + maxTypos, len)
      if (lo > 1) cur[lo - 1] = OUT_OF_BUDGET
      let min = d
      for (let j = lo; j <= hi; j++) {
        const wj = w[j - 1]!
        let v = prev[j - 1]! + (wj === c ? 0 : 1)
        const del = prev[j]! + 1
        if (del < v) v = del
        const ins = cur[j - 1]! + 1
        if (ins < v) v = ins
        if (d > 1 && j > 1 && c === w[j - 2] && before === wj) {
          const tr = prev2[j - 2]! + 1
          if (tr < v) v = tr
        }
        cur[j] = v
        if (v < min) min = v
      }
      if (hi < len) cur[hi + 1] = OUT_OF_BUDGET
      rowMin[d] = min
      const last = hi === len ? cur[len]! : OUT_OF_BUDGET
      if (last < bestPrefix[d - 1]!) {
        bestPrefix[d] = last
        bestAt[d] = d
      } else {
        bestPrefix[d] = bestPrefix[d - 1]!
        bestAt[d] = bestAt[d - 1]!
      }
      valid = d
      // A transposition can reach two rows back, so both rows must be out of budget.
      const floor = Math.min(min, rowMin[d - 1]! + 1)
      if (floor > maxTypos) {
        pruned = true
        break
      }
    }
    if (pruned) {
      const end = subtreeEnd(sorted, term, d, i + 1)
      // Prefix mode: a prefix matched before the budget ran out matches the whole subtree.
      if (prefix && bestPrefix[d]! <= maxTypos) {
        for (let j = i; j < end; j++) visit(j, bestPrefix[d]!, bestAt[d]!)
      }
      i = end
      continue
    }
    if (prefix) {
      const best = bestPrefix[depthLimit]!
      if (best <= maxTypos) visit(i, best, bestAt[depthLimit]!)
      else if (term.length >= maxDepth) {
        // Every term sharing these maxDepth characters ends the same way: skip them all.
        i = subtreeEnd(sorted, term, maxDepth, i + 1)
        continue
      }
    } else if (term.length <= maxDepth) {
      const full = Math.abs(term.length - len) <= maxTypos ? rows[term.length]![len]! : OUT_OF_BUDGET
      if (full <= maxTypos) visit(i, full, term.length)
    } else {
      i = subtreeEnd(sorted, term, maxDepth, i + 1)
      continue
    }
    i++
  }
}

/** Damerau distance of `word` to `term` (or to its best prefix), or Infinity beyond `maxTypos`. */
export function typoDistance(
  word: string,
  term: string,
  maxTypos: number,
  prefix: boolean,
): { typos: number; matchedLength: number } | undefined {
  let result: { typos: number; matchedLength: number } | undefined
  typoWalk([term], word, maxTypos, prefix, (_i, typos, matchedLength) => {
    result = { typos, matchedLength }
  })
  return result
}
