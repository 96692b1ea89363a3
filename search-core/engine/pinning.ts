// Pinned and hidden records (query rules' promote and hide): hidden records leave the candidates;
// pinned ones leave the ranking and are put back at their positions, whether or not they match
// the query (and, with filterPromotes, only if they pass the filters).
import { type Bitset, bitsToList, clearBit, hasBit, popcount, setBit } from './bitset.ts'
import type { Execution } from './execute.ts'
import { evaluateFilter } from './filters-eval.ts'
import type { IndexData } from './index-data.ts'
import type { SearchParams } from './types.ts'

export interface Pins {
  /** The candidates to rank: the query's, without hidden and pinned records. */
  ranked: Execution
  /** What facets count: the ranked candidates and the pinned records. */
  counted: Execution
  /** Pinned slots by position, ascending. */
  pinned: { slot: number; position: number }[]
}

export function pinAndHide(data: IndexData, exec: Execution, params: SearchParams): Pins | undefined {
  const promote = params.promote ?? []
  const hide = params.hide ?? []
  if (promote.length === 0 && hide.length === 0) return undefined
  const hidden = new Set(hide)
  const passes = params.filterPromotes && params.filters ? evaluateFilter(params.filters, data) : undefined
  const pinned: { slot: number; position: number }[] = []
  const seen = new Set<number>()
  for (const { objectID, position } of promote) {
    const slot = data.slotOf.get(objectID)
    if (slot === undefined || hidden.has(objectID) || seen.has(slot) || !hasBit(data.alive, slot)) continue
    if (passes && !hasBit(passes, slot)) continue
    seen.add(slot)
    pinned.push({ slot, position })
  }
  pinned.sort((a, b) => a.position - b.position)
  const bits = exec.bits.slice()
  for (const objectID of hidden) {
    const slot = data.slotOf.get(objectID)
    if (slot !== undefined) clearBit(bits, slot)
  }
  for (const { slot } of pinned) clearBit(bits, slot)
  const counted = bits.slice()
  for (const { slot } of pinned) setBit(counted, slot)
  return { ranked: withBits(exec, bits), counted: withBits(exec, counted), pinned }
}

function withBits(exec: Execution, bits: Bitset): Execution {
  return { ...exec, bits, candidates: bitsToList(bits, popcount(bits)), all: false }
}

/** The first `end` results: ranked slots with the pinned ones inserted at their positions. */
export function mergePins(ranked: Int32Array, pinned: Pins['pinned'], end: number): Int32Array {
  const out: number[] = []
  let r = 0
  let p = 0
  while (out.length < end && (r < ranked.length || p < pinned.length)) {
    const pin = pinned[p]
    if (pin && (pin.position <= out.length || r >= ranked.length)) {
      out.push(pin.slot)
      p++
    } else out.push(ranked[r++]!)
  }
  return Int32Array.from(out)
}
