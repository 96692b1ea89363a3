// The term dictionary: folded terms with stable ids, a sorted view for prefix ranges and typo
// walks, and postings (slot, attribute/position) per term.
import { type Arena, fresh } from './arena.ts'
import { Int32Vec, release, trimmedLength } from './vec.ts'

/** Packed posting/forward metadata: attribute index, "sole word of its value" flag, position. */
const POSITION_BITS = 10
export const MAX_POSITION = (1 << POSITION_BITS) - 1
export const SOLE_FLAG = 1 << POSITION_BITS
export const ATTR_SHIFT = POSITION_BITS + 1

export function packMeta(attr: number, position: number, sole: boolean): number {
  return (attr << ATTR_SHIFT) | (sole ? SOLE_FLAG : 0) | Math.min(position, MAX_POSITION)
}

export class TermDictionary {
  readonly idOf = new Map<string, number>()
  readonly terms: string[] = []
  /** Primary (folded) term id → id of its German transliteration, or -1. */
  readonly variantOf = new Int32Vec()
  /** Bumped whenever a term is added: cached expansions depend on the dictionary. */
  version = 0
  #sortedTerms: string[] = []
  #sortedIds = new Int32Array(0)
  #sortedCount = 0

  intern(term: string): number {
    let id = this.idOf.get(term)
    if (id === undefined) {
      id = this.terms.length
      this.terms.push(term)
      this.idOf.set(term, id)
      this.variantOf.push(-1)
      this.version++
    }
    return id
  }

  /** Terms in code-unit order, merged incrementally when terms were added since the last call. */
  sorted(): { terms: string[]; ids: Int32Array } {
    const total = this.terms.length
    if (this.#sortedCount !== total) {
      // The terms themselves sorted by the default order (code units, as `<` compares them),
      // then their ids: a comparator called per pair took ~3× as long for a large build.
      const freshTerms = this.terms.slice(this.#sortedCount, total).sort()
      const fresh = freshTerms.map((term) => this.idOf.get(term)!)
      const oldTerms = this.#sortedTerms
      const oldIds = this.#sortedIds
      const terms: string[] = new Array(total)
      const ids = new Int32Array(total)
      let i = 0
      let j = 0
      let k = 0
      while (i < oldTerms.length || j < fresh.length) {
        const takeOld = j >= fresh.length || (i < oldTerms.length && oldTerms[i]! < this.terms[fresh[j]!]!)
        if (takeOld) {
          terms[k] = oldTerms[i]!
          ids[k++] = oldIds[i++]!
        } else {
          const id = fresh[j++]!
          terms[k] = this.terms[id]!
          ids[k++] = id
        }
      }
      this.#sortedTerms = terms
      this.#sortedIds = ids
      this.#sortedCount = total
    }
    return { terms: this.#sortedTerms, ids: this.#sortedIds }
  }
}

/** First index in `sorted` whose term is >= key. */
function lowerBound(sorted: string[], key: string, from = 0): number {
  let lo = from
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < key) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** [start, end) of the terms that start with `prefix`. */
export function prefixRange(sorted: string[], prefix: string): [number, number] {
  const start = lowerBound(sorted, prefix)
  return [start, lowerBound(sorted, `${prefix}\uffff`, start)]
}

/**
 * Postings in two parts: a compact CSR block written by a bulk build, and small per-term tails
 * for records appended since (a one-record write touches only its own terms). Both hold (slot,
 * metadata) pairs side by side: a posting is one place to read, and to write in a bulk build,
 * where two arrays made it two.
 */
export class Postings {
  /** Per term, where its postings start in the block (counted in postings, two numbers each). */
  offsets = new Int32Array(1)
  block = new Int32Array(0)
  tails = new Map<number, Int32Vec>()
  tailCount = 0

  /**
   * Room, in the block the next `build` fills, for the postings of a forward index `scale` times
   * the size of this one (5 % to spare): a bulk build reserves it with the rest of its memory, so
   * that its last steps allocate nothing large.
   */
  reserveFor(fwd: Int32Vec, variantOf: Int32Vec, scale: number, arena?: Arena): void {
    // A posting per forward entry (a term and its metadata), one more where the term has a variant.
    let size = fwd.length / 2
    for (let k = 0; k < fwd.length; k += 2) if (variantOf.data[fwd.data[k]!]! >= 0) size++
    const numbers = 2 * Math.ceil(size * scale * 1.05)
    if (numbers <= this.block.length) return
    this.block = fresh(Int32Array, numbers, arena) ?? this.block
  }

  /**
   * Builds the CSR block from the forward index (slots ascending, so postings come out sorted),
   * in the arrays `reserve` made when they are large enough (the offsets say where postings end).
   * `fwd` holds a term and its metadata per entry (see `IndexData.fwd`).
   */
  build(termCount: number, fwdOff: Int32Vec, fwd: Int32Vec, variantOf: Int32Vec): void {
    const counts = new Int32Array(termCount + 1)
    const total = fwd.length
    const entries = fwd.data
    const variants = variantOf.data
    let size = 0
    // Term ids (and their variants) are below termCount, so every counter and cursor exists.
    for (let k = 0; k < total; k += 2) {
      const t = entries[k]!
      counts[t + 1]!++
      size++
      const v = variants[t]!
      if (v >= 0) {
        counts[v + 1]!++
        size++
      }
    }
    for (let t = 0; t < termCount; t++) counts[t + 1]! += counts[t]!
    const block = this.block.length >= 2 * size ? this.block : new Int32Array(2 * size)
    const cursor = counts.slice(0, termCount)
    const off = fwdOff.data
    const slots = fwdOff.length - 1
    for (let slot = 0; slot < slots; slot++) {
      for (let k = off[slot]!; k < off[slot + 1]!; k += 2) {
        const t = entries[k]!
        const m = entries[k + 1]!
        let c = 2 * cursor[t]!++
        block[c] = slot
        block[c + 1] = m
        const v = variants[t]!
        if (v >= 0) {
          c = 2 * cursor[v]!++
          block[c] = slot
          block[c + 1] = m
        }
      }
    }
    release(cursor)
    this.offsets = counts
    this.block = block
    this.tails = new Map()
    this.tailCount = 0
  }

  /** Gives back what `reserve` made beyond the postings built, past an eighth (as columns keep). */
  trim(): void {
    const size = this.offsets[this.offsets.length - 1]!
    if (this.block.length <= trimmedLength(2 * size)) return
    this.block = this.block.slice(0, 2 * size)
  }

  /** Appends one posting for a record added after the bulk build (pairs of slot, meta). */
  append(term: number, slot: number, meta: number): void {
    let tail = this.tails.get(term)
    if (tail === undefined) {
      tail = new Int32Vec(4)
      this.tails.set(term, tail)
    }
    tail.push(slot)
    tail.push(meta)
    this.tailCount++
  }

  count(term: number): number {
    const inBlock = term + 1 < this.offsets.length ? this.offsets[term + 1]! - this.offsets[term]! : 0
    return inBlock + (this.tails.get(term)?.length ?? 0) / 2
  }
}
