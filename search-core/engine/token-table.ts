// Raw record words → ids, read straight from the text: a bulk build meets millions of words but
// only a hundred thousand or so distinct ones. Cutting each word out as a string of its own and
// looking it up in a Map<string, number> cost ~500 ns a word (a fresh string's hash is computed in
// a runtime call on its first lookup, and a million records bring ~7 million such strings for the
// collector). Here a word is hashed while it is scanned and compared in place with the known
// words' characters; a string is made only for a word met the first time. A word's first eight
// characters are kept in its cell, so that a probe for one of up to eight (most words) reads one
// cache line: with the characters elsewhere a probe missed the cache twice (~15 % of the scan).
import { isWordChar, separatorSet } from './tokenize.ts'

const EMPTY = -1
/** Numbers a cell holds (32 bytes: two cells a cache line); cell k starts at k << 3. */
const CELL = 8
/** The characters (UTF-16 units) of a word kept in its cell, two a number. */
const INLINE = 8

export class TokenTable {
  /**
   * Open addressing, CELL numbers a cell (one cache line serves a probe): the word's hash, its
   * value (EMPTY: a free cell), where its characters past the first INLINE start in `#chars`, how
   * many characters it has, and its first INLINE characters (low half first).
   */
  #cells = new Int32Array(CELL * 1024).fill(EMPTY)
  #chars = new Uint16Array(4096)
  #charsUsed = 0
  size = 0
  /** The words of the last `scan`: values (-1: not in the table) and where they lie. */
  ids = new Int32Array(64)
  starts = new Int32Array(64)
  ends = new Int32Array(64)

  /**
   * Cuts `text` into words as `words(text, separators)` does and returns how many there are; the
   * k-th word is text[starts[k], ends[k]) and ids[k] is its value, or -1 for a word not in the
   * table yet (the caller adds it with `valueOf`, in order: the values may be ids handed out as met).
   */
  scan(text: string, separators: string): number {
    const n = text.length
    if (this.ids.length < n) {
      const size = Math.max(n, this.ids.length * 2)
      this.ids = new Int32Array(size)
      this.starts = new Int32Array(size)
      this.ends = new Int32Array(size)
    }
    const own = separators === '' ? undefined : separatorSet(separators)
    const ids = this.ids
    const starts = this.starts
    const ends = this.ends
    let count = 0
    let i = 0
    while (i < n) {
      let c = text.charCodeAt(i)
      let width = 1
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const low = text.charCodeAt(i + 1)
        if (low >= 0xdc00 && low <= 0xdfff) {
          c = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000
          width = 2
        }
      }
      if (!isWordChar(c)) {
        if (own?.has(c)) {
          starts[count] = i
          ends[count] = i + width
          ids[count++] = this.#find(text, i, i + width, finish(hashRange(text, i, i + width)))
        }
        i += width
        continue
      }
      const start = i
      let hash = HASH_SEED
      for (;;) {
        hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME)
        if (width === 2) hash = Math.imul(hash ^ text.charCodeAt(i + 1), HASH_PRIME)
        i += width
        if (i >= n) break
        c = text.charCodeAt(i)
        width = 1
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const low = text.charCodeAt(i + 1)
          if (low >= 0xdc00 && low <= 0xdfff) {
            c = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000
            width = 2
          }
        }
        if (!isWordChar(c)) break
      }
      starts[count] = start
      ends[count] = i
      ids[count++] = this.#find(text, start, i, finish(hash))
    }
    return count
  }

  /** The value of a word (added with `add(word)` as its value when new). */
  valueOf(word: string, add: (word: string) => number): number {
    const hash = finish(hashRange(word, 0, word.length))
    const known = this.#find(word, 0, word.length, hash)
    if (known !== EMPTY) return known
    const value = add(word)
    this.#insert(word, 0, word.length, hash, value)
    return value
  }

  /** The value of text[start, end), or EMPTY. */
  #find(text: string, start: number, end: number, hash: number): number {
    const cells = this.#cells
    const mask = (cells.length >>> 3) - 1
    const length = end - start
    const inline = Math.min(length, INLINE)
    for (let cell = hash & mask; ; cell = (cell + 1) & mask) {
      const at = cell << 3
      const value = cells[at + 1]!
      if (value === EMPTY) return EMPTY
      if (cells[at]! !== hash || cells[at + 3]! !== length) continue
      let k = 0
      while (k < inline) {
        const packed = cells[at + 4 + (k >>> 1)]!
        const unit = (k & 1) === 0 ? packed & 0xffff : packed >>> 16
        if (unit !== text.charCodeAt(start + k)) break
        k++
      }
      if (k < inline) continue
      if (length <= INLINE) return value
      const chars = this.#chars
      let c = cells[at + 2]!
      k = start + INLINE
      while (k < end && chars[c] === text.charCodeAt(k)) {
        c++
        k++
      }
      if (k === end) return value
    }
  }

  #insert(text: string, start: number, end: number, hash: number, value: number): void {
    const length = end - start
    const tail = Math.max(0, length - INLINE)
    if (this.#charsUsed + tail > this.#chars.length) {
      const chars = new Uint16Array(Math.max(this.#chars.length * 2, this.#charsUsed + tail))
      chars.set(this.#chars.subarray(0, this.#charsUsed))
      this.#chars = chars
    }
    const chars = this.#chars
    const from = this.#charsUsed
    for (let k = start + INLINE; k < end; k++) chars[this.#charsUsed++] = text.charCodeAt(k)
    this.size++
    // At most half full: probes stay short.
    if (2 * this.size > this.#cells.length >>> 3) this.#rehash(this.#cells.length * 2)
    const cells = this.#cells
    const at = this.#place(cells, hash, value, from, length)
    for (let k = 0; k < length && k < INLINE; k++)
      cells[at + 4 + (k >>> 1)]! |= text.charCodeAt(start + k) << (16 * (k & 1))
  }

  /** Puts a word's cell in place (its inline characters are the caller's) and returns where. */
  #place(cells: Int32Array, hash: number, value: number, start: number, length: number): number {
    const mask = (cells.length >>> 3) - 1
    let cell = hash & mask
    while (cells[(cell << 3) + 1] !== EMPTY) cell = (cell + 1) & mask
    const at = cell << 3
    cells[at] = hash
    cells[at + 1] = value
    cells[at + 2] = start
    cells[at + 3] = length
    for (let k = 4; k < CELL; k++) cells[at + k] = 0
    return at
  }

  #rehash(size: number): void {
    const old = this.#cells
    const cells = new Int32Array(size).fill(EMPTY)
    for (let at = 0; at < old.length; at += CELL) {
      if (old[at + 1] === EMPTY) continue
      const to = this.#place(cells, old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!)
      for (let k = 4; k < CELL; k++) cells[to + k] = old[at + k]!
    }
    this.#cells = cells
  }
}

const HASH_SEED = 0x811c9dc5 | 0
const HASH_PRIME = 0x01000193

function hashRange(text: string, start: number, end: number): number {
  let hash = HASH_SEED
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), HASH_PRIME)
  return hash
}

/** Spreads the low bits (the table is indexed by them). */
function finish(hash: number): number {
  let h = hash ^ (hash >>> 16)
  h = Math.imul(h, 0x45d9f3b)
  return h ^ (h >>> 16)
}
