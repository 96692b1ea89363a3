// Bitsets over internal record slots (32 slots per word): the currency of filters and matches.
// Every function takes slots below the size the bitset was made for, so its word reads hit (the `!`).

export type Bitset = Uint32Array

export function newBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5)
}

export function hasBit(bits: Bitset, slot: number): boolean {
  return ((bits[slot >>> 5]! >>> (slot & 31)) & 1) === 1
}

export function setBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31)
}

export function clearBit(bits: Bitset, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31))
}

/** a &= b (b may be shorter: missing words count as zero). */
export function andInto(a: Bitset, b: Bitset): void {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) a[i]! &= b[i]!
  for (let i = n; i < a.length; i++) a[i] = 0
}

export function orInto(a: Bitset, b: Bitset): void {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) a[i]! |= b[i]!
}

/** a = universe & ~a, so complements never reach past the last slot. */
export function complementWithin(a: Bitset, universe: Bitset): void {
  for (let i = 0; i < a.length; i++) a[i] = ~a[i]! & universe[i]!
}

export function popcount(bits: Bitset): number {
  let total = 0
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i]!
    if (v === 0) continue
    v -= (v >>> 1) & 0x55555555
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
  }
  return total
}

/** Set slots in ascending order. */
export function bitsToList(
  bits: Bitset,
  count = popcount(bits),
  out: Int32Array = new Int32Array(count),
): Int32Array {
  let k = 0
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i]!
    const base = i << 5
    while (v !== 0) {
      const low = v & -v
      out[k++] = base + 31 - Math.clz32(low)
      v ^= low
    }
  }
  return out
}
