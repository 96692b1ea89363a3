// advancedSyntax constraints as bitsets: records holding a quoted phrase (its words at
// consecutive positions of one attribute value), and records holding an excluded word.
import { type Bitset, bitsToList, newBitset, setBit } from '../bitset.ts'
import { ATTR_SHIFT, MAX_POSITION } from '../dictionary.ts'
import type { IndexData } from '../index-data.ts'
import type { MatchResult } from '../matcher.ts'

/** Term ids standing for a folded form (the form itself; indexed words whose variant it is). */
function termIds(data: IndexData, forms: readonly string[]): Set<number> {
  const ids = new Set<number>()
  for (const form of forms) {
    const id = data.dict.idOf.get(form)
    if (id !== undefined) ids.add(id)
  }
  return ids
}

function matches(data: IndexData, ids: ReadonlySet<number>, term: number): boolean {
  if (ids.has(term)) return true
  const variant = data.dict.variantOf.data[term]!
  return variant >= 0 && ids.has(variant)
}

/** Records (among those matching every phrase word) where the words follow each other. */
export function phraseBits(data: IndexData, match: MatchResult, phrase: readonly number[]): Bitset {
  const out = newBitset(data.slots)
  const n = out.length
  const first = phrase[0]
  const candidates = ((first === undefined ? undefined : match.scratch[first]?.bits) ?? out).slice(0, n)
  for (const w of phrase) andInto(candidates, match.scratch[w]!.bits)
  const ids = phrase.map((w) => {
    const word = match.words[w]!
    return termIds(data, [word.folded, ...word.alternatives])
  })
  const off = data.fwdOff.data
  const fwd = data.fwd.data
  const stride = MAX_POSITION + 1
  for (const slot of bitsToList(candidates)) {
    // Position key → bitmask of the phrase words found there.
    const at = new Map<number, number>()
    for (let k = off[slot]!; k < off[slot + 1]!; k += 2) {
      const t = fwd[k]!
      const meta = fwd[k + 1]!
      const key = (meta >>> ATTR_SHIFT) * stride * 2 + (meta & MAX_POSITION)
      ids.forEach((set, i) => {
        if (matches(data, set, t)) at.set(key - i, (at.get(key - i) ?? 0) | (1 << i))
      })
    }
    const all = (1 << phrase.length) - 1
    for (const mask of at.values()) {
      if (mask === all) {
        setBit(out, slot)
        break
      }
    }
  }
  return out
}

function andInto(a: Bitset, b: Bitset): void {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i] ?? 0
}

/** Records holding any form of an excluded word in a searchable (allowed) attribute. */
export function excludedBits(
  data: IndexData,
  excluded: readonly (readonly string[])[],
  allowed: ReadonlySet<string> | undefined,
): Bitset {
  const out = newBitset(data.slots)
  const allowedAttr =
    allowed === undefined ? undefined : Uint8Array.from(data.searchable, (a) => (allowed.has(a.name) ? 1 : 0))
  const add = (slot: number, meta: number): void => {
    if (allowedAttr === undefined || allowedAttr[meta >>> ATTR_SHIFT] === 1) setBit(out, slot)
  }
  for (const forms of excluded) {
    for (const term of termIds(data, forms)) {
      const { offsets, block } = data.postings
      if (term + 1 < offsets.length)
        for (let p = offsets[term]!; p < offsets[term + 1]!; p++) add(block[2 * p]!, block[2 * p + 1]!)
      const tail = data.postings.tails.get(term)
      if (tail) for (let p = 0; p < tail.length; p += 2) add(tail.data[p]!, tail.data[p + 1]!)
    }
  }
  return out
}
