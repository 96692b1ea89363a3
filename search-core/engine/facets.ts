// Facet columns: each value interned to an integer code; one code per record while every record
// has at most one value, offsets + codes (CSR) once some record has several. Counting is one pass.

import { type Arena, fresh } from './arena.ts'
import { leaves } from './attributes.ts'
import { type Bitset, setBit } from './bitset.ts'
import { fold } from './normalize.ts'
import { words } from './tokenize.ts'
import { CodeVec, Float64Vec, Int32Vec, permuteLists, reserveFor } from './vec.ts'

/** Above this many distinct values a column keeps no per-value bitsets. */
const BITSET_MAX_VALUES = 64

/** What `leaves` keeps as it is, or skips. */
function isScalarOrNothing(v: unknown): boolean {
  return (
    v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
  )
}

export class FacetColumn {
  readonly name: string
  readonly caseSensitive: boolean
  readonly values: string[] = []
  readonly codeOf = new Map<string, number>()
  /** Lower-cased value → codes: facet filters ignore case (tags do not). */
  readonly lowerCodes = new Map<string, number[]>()
  /** Code → numeric value when the value was a JSON number (facets_stats), else NaN. */
  readonly numbers = new Float64Vec()
  #multi = false
  /** Per slot: code + 1, 0 for no value (single-valued mode). */
  #one = new CodeVec()
  #off = new Int32Vec()
  /** code + 1 per (slot, value) pair (multi-valued mode). */
  #codes = new CodeVec()
  #words: (string[] | undefined)[] = []
  #slots = 0
  /**
   * One bitset per value while there are few values: counting is then a popcount of
   * (value ∧ candidates) per value, ~15× faster than walking a multi-valued column, and a
   * filter is a bitset OR instead of a scan. Dropped for good once values exceed the limit.
   */
  #bits: Uint32Array[] | undefined = []
  #bitWords = 0
  #entries = 0
  /** The codes of the value being appended. */
  #scratch = new Int32Array(16)
  readonly #codes1 = new Int32Array(1)

  constructor(name: string, caseSensitive = false) {
    this.name = name
    this.caseSensitive = caseSensitive
    this.#off.push(0)
  }

  get size(): number {
    return this.#slots
  }

  /** Steps of `scanInto` for a filter selecting `codes` values: bitset words, or records. */
  scanSteps(codes: number): number {
    if (this.#bits !== undefined) return codes * this.#bitWords
    return this.#slots * Math.max(1, this.#entries / Math.max(1, this.#slots))
  }

  /** Steps of `count` over `candidates` records (it picks the cheaper of two ways, as here). */
  countSteps(candidates: number, words: number): number {
    const perSlot = this.#slots > 0 ? this.#entries / this.#slots : 1
    const list = candidates * perSlot
    if (this.#bits === undefined) return list
    return Math.min(list, this.#bits.length * Math.min(words, this.#bitWords) * 2)
  }

  intern(value: string, numeric: number): number {
    let code = this.codeOf.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.codeOf.set(value, code)
      this.numbers.push(numeric)
      if (this.#bits !== undefined) {
        if (this.values.length > BITSET_MAX_VALUES) this.#bits = undefined
        else this.#bits.push(new Uint32Array(this.#bitWords))
      }
      const lower = value.toLowerCase()
      const same = this.lowerCodes.get(lower)
      if (same) same.push(code)
      else this.lowerCodes.set(lower, [code])
    } else if (!Number.isNaN(numeric)) {
      this.numbers.data[code] = numeric
    }
    return code
  }

  /**
   * Appends the next slot's value: a scalar, an array of scalars, or anything holding them.
   * Without `setBits` the value bitsets are left as they are: a bulk build's reorder (`permute`)
   * sets them all anew, and setting them on the way as well was ~0.2 s of a 1M build.
   */
  appendValue(value: unknown, setBits = true): void {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        this.#appendCodes(this.#codes1, 0, setBits)
        return
      }
      const code = this.intern(
        typeof value === 'string' ? value : String(value),
        typeof value === 'number' ? value : Number.NaN,
      )
      if (this.#multi) {
        this.#codes.push(code + 1)
        this.#off.push(this.#codes.length)
      } else this.#one.push(code + 1)
      if (setBits) this.#setBit(code)
      this.#entries++
      this.#slots++
      return
    }
    // No value, or a list of scalars (the common cases): no lists made on the way.
    if (value === undefined || value === null) {
      this.#appendCodes(this.#codes1, 0, setBits)
      return
    }
    const items = Array.isArray(value) && value.every(isScalarOrNothing) ? value : leaves(value)
    if (this.#scratch.length < items.length) this.#scratch = new Int32Array(items.length * 2)
    const codes = this.#scratch
    let count = 0
    for (const v of items) {
      if (v === undefined || v === null || (typeof v === 'number' && !Number.isFinite(v))) continue
      const code = this.intern(typeof v === 'string' ? v : String(v), typeof v === 'number' ? v : Number.NaN)
      let seen = false
      for (let k = 0; k < count; k++) if (codes[k] === code) seen = true
      if (!seen) codes[count++] = code
    }
    this.#appendCodes(codes, count, setBits)
  }

  /** Appends a slot with the first `count` of these codes. */
  #appendCodes(codes: Int32Array, count: number, setBits: boolean): void {
    if (!this.#multi && count > 1) this.#toMulti()
    if (this.#multi) {
      for (let k = 0; k < count; k++) this.#codes.push(codes[k]! + 1)
      this.#off.push(this.#codes.length)
    } else {
      this.#one.push(count === 1 ? codes[0]! + 1 : 0)
    }
    if (setBits) for (let k = 0; k < count; k++) this.#setBit(codes[k]!)
    this.#entries += count
    this.#slots++
  }

  /** Sizes the column for `count` slots (a bulk build, once a sample is in). */
  reserve(count: number, arena?: Arena): void {
    if (this.#multi) {
      this.#off.reserve(count + 1, arena)
      reserveFor(this.#codes, this.#slots, count, arena)
    } else this.#one.reserve(count, arena)
    const words = (count + 31) >>> 5
    if (words > this.#bitWords) this.#growBits(words, arena)
  }

  /** Puts the slots in a new order (a bulk build): slot k becomes what slot order[k] was. */
  permute(order: Int32Array): void {
    if (this.#multi) permuteLists(this.#off, [this.#codes], order)
    else this.#one.permute(order)
    this.#slots = order.length
    this.#entries = 0
    const bits = this.#bits
    if (bits !== undefined) {
      this.#bitWords = Math.max(64, (order.length + 31) >>> 5)
      // Cleared in place when the size is the same (no allocation in a build's last steps).
      for (let c = 0; c < bits.length; c++)
        bits[c] = bits[c]!.length === this.#bitWords ? bits[c]!.fill(0) : new Uint32Array(this.#bitWords)
    }
    const mark = (slot: number, code: number) => {
      this.#entries++
      if (bits !== undefined) bits[code]![slot >>> 5]! |= 1 << (slot & 31)
    }
    if (!this.#multi) {
      const one = this.#one.data
      for (let slot = 0; slot < order.length; slot++) if (one[slot]! > 0) mark(slot, one[slot]! - 1)
      return
    }
    const off = this.#off.data
    const codes = this.#codes.data
    for (let slot = 0; slot < order.length; slot++) {
      for (let k = off[slot]!; k < off[slot + 1]!; k++) mark(slot, codes[k]! - 1)
    }
  }

  #setBit(code: number): void {
    const bits = this.#bits
    if (bits === undefined) return
    const word = this.#slots >>> 5
    if (word >= this.#bitWords) this.#growBits(Math.max(64, this.#bitWords * 2, word + 1))
    const b = bits[code]!
    b[word]! |= 1 << (this.#slots & 31)
  }

  /** Gives every value's bitset room for this many words. */
  #growBits(words: number, arena?: Arena): void {
    if (arena?.measuring !== true) this.#bitWords = words
    const bits = this.#bits
    if (bits === undefined) return
    for (let c = 0; c < bits.length; c++) {
      const grown = fresh(Uint32Array, words, arena)
      if (grown === undefined) continue
      grown.set(bits[c]!)
      bits[c] = grown
    }
  }

  #toMulti(): void {
    const one = this.#one.data
    for (let s = 0; s < this.#slots; s++) {
      const c = one[s]!
      if (c > 0) this.#codes.push(c)
      this.#off.push(this.#codes.length)
    }
    this.#multi = true
    this.#one = new CodeVec()
  }

  /**
   * counts[code + 1] = records among the candidates having the value (index 0 is unused).
   * `candidates` lists the slots ascending; `bits` is the same set as a bitset.
   */
  count(counts: Int32Array, candidates: Int32Array, bits: Bitset): void {
    const valueBits = this.#bits
    const words = Math.min(bits.length, this.#bitWords)
    // Measured costs: ~1.4 ns per (record, value) pair walked, ~2 ns per bitset word.
    const listCost = candidates.length * (this.#slots > 0 ? this.#entries / this.#slots : 1) * 1.4
    if (valueBits === undefined || valueBits.length * words * 2 >= listCost) {
      this.countInto(counts, candidates)
      return
    }
    for (let c = 0; c < valueBits.length; c++) {
      const b = valueBits[c]!
      let total = 0
      for (let i = 0; i < words; i++) {
        let v = b[i]! & bits[i]!
        if (v === 0) continue
        v -= (v >>> 1) & 0x55555555
        v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
        total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
      }
      counts[c + 1] = total
    }
  }

  /**
   * counts[code + 1] += 1 for every value of every listed slot (index 0 collects "no value"), so
   * counts has a cell for every code this column holds.
   */
  countInto(counts: Int32Array, slots: Int32Array): void {
    const n = slots.length
    if (!this.#multi) {
      const one = this.#one.data
      for (let i = 0; i < n; i++) counts[one[slots[i]!]!]!++
      return
    }
    const off = this.#off.data
    const codes = this.#codes.data
    for (let i = 0; i < n; i++) {
      const s = slots[i]!
      const end = off[s + 1]!
      for (let k = off[s]!; k < end; k++) counts[codes[k]!]!++
    }
  }

  /** Sets the bit of every slot having a code for which `mask[code]` is 1. */
  scanInto(mask: Uint8Array, out: Bitset): void {
    const valueBits = this.#bits
    if (valueBits !== undefined) {
      const words = Math.min(out.length, this.#bitWords)
      for (let c = 0; c < valueBits.length; c++) {
        if (mask[c] !== 1) continue
        const b = valueBits[c]!
        for (let i = 0; i < words; i++) out[i]! |= b[i]!
      }
      return
    }
    if (!this.#multi) {
      const one = this.#one.data
      for (let s = 0; s < this.#slots; s++) {
        const c = one[s]!
        if (c > 0 && mask[c - 1] === 1) setBit(out, s)
      }
      return
    }
    const off = this.#off.data
    const codes = this.#codes.data
    for (let s = 0; s < this.#slots; s++) {
      const end = off[s + 1]!
      for (let k = off[s]!; k < end; k++) {
        if (mask[codes[k]! - 1] === 1) {
          setBit(out, s)
          break
        }
      }
    }
  }

  /** Codes a filter value selects: case-insensitive (except tags), numbers compared numerically. */
  codesFor(value: string): number[] {
    const exact = this.caseSensitive ? this.codeOf.get(value) : undefined
    const out = this.caseSensitive
      ? exact === undefined
        ? []
        : [exact]
      : [...(this.lowerCodes.get(value.toLowerCase()) ?? [])]
    const asNumber = Number(value)
    if (value.trim() !== '' && Number.isFinite(asNumber)) {
      const numbers = this.numbers.data
      for (let c = 0; c < this.values.length; c++) {
        if (numbers[c] === asNumber && !out.includes(c)) out.push(c)
      }
    }
    return out
  }

  /** The value of one slot's codes (for distinct and hits). */
  codesOf(slot: number): number[] {
    if (!this.#multi) {
      const c = this.#one.data[slot]!
      return c > 0 ? [c - 1] : []
    }
    const out: number[] = []
    for (let k = this.#off.data[slot]!; k < this.#off.data[slot + 1]!; k++) {
      out.push(this.#codes.data[k]! - 1)
    }
    return out
  }

  /** Folded words of a value, for facet-value search. */
  wordsOf(code: number): string[] {
    let w = this.#words[code]
    if (w === undefined) {
      w = words(this.values[code]!).map(fold)
      this.#words[code] = w
    }
    return w
  }
}
