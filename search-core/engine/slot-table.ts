// objectID → slot, keyed by the record store's ids (each id string is kept once, there). A
// Map<string, number> computed the hash of every fresh objectID in a runtime call on its first
// lookup: at a million records that first lookup (is the objectID given twice?) cost ~1.3 s of a
// bulk build, and renumbering the slots afterwards as much again. Here the hash is computed in
// JavaScript and kept in the table, so renumbering the slots touches no string.

import { type Arena, fresh } from './arena.ts'

const FREE = -1

export class SlotTable {
  /** The store's objectIDs by slot: the keys. */
  readonly #ids: readonly string[]
  /** Open addressing, two numbers a cell: the id's hash and its slot (FREE: a free cell). */
  #cells = new Int32Array(2 * 64).fill(FREE)
  size = 0

  constructor(ids: readonly string[]) {
    this.#ids = ids
  }

  get(id: string): number | undefined {
    const cell = this.#find(id, hashOf(id))
    return cell < 0 ? undefined : this.#cells[2 * cell + 1]!
  }

  /** Maps `id` to `slot`; the store holds `id` at that slot. */
  set(id: string, slot: number): void {
    const hash = hashOf(id)
    const cell = this.#find(id, hash)
    if (cell >= 0) {
      this.#cells[2 * cell + 1] = slot
      return
    }
    this.size++
    if (4 * this.size > 2 * this.#capacity) this.#resize(this.#capacity * 2)
    this.#place(this.#cells, hash, slot)
  }

  delete(id: string): boolean {
    let cell = this.#find(id, hashOf(id))
    if (cell < 0) return false
    this.size--
    // Linear probing: later cells of the probe run move back into the hole (no tombstones).
    const cells = this.#cells
    const mask = this.#capacity - 1
    let next = cell
    for (;;) {
      next = (next + 1) & mask
      if (cells[2 * next + 1] === FREE) break
      const home = cells[2 * next]! & mask
      // The entry stays when its home lies cyclically in (cell, next].
      if (cell <= next ? cell < home && home <= next : cell < home || home <= next) continue
      cells[2 * cell] = cells[2 * next]!
      cells[2 * cell + 1] = cells[2 * next + 1]!
      cell = next
    }
    cells[2 * cell + 1] = FREE
    return true
  }

  /** Room for this many ids without growing. */
  reserve(count: number, arena?: Arena): void {
    let capacity = this.#capacity
    while (2 * count > capacity) capacity *= 2
    if (capacity > this.#capacity) this.#resize(capacity, arena)
  }

  /** The slots were renumbered: slot s is now newSlot[s] (every slot in the table is kept). */
  renumber(newSlot: Int32Array): void {
    const cells = this.#cells
    for (let i = 1; i < cells.length; i += 2) {
      const slot = cells[i]!
      if (slot !== FREE) cells[i] = newSlot[slot]!
    }
  }

  get #capacity(): number {
    return this.#cells.length >>> 1
  }

  /** The cell holding `id`, or -1. */
  #find(id: string, hash: number): number {
    const cells = this.#cells
    const mask = this.#capacity - 1
    for (let cell = hash & mask; ; cell = (cell + 1) & mask) {
      const slot = cells[2 * cell + 1]!
      if (slot === FREE) return -1
      if (cells[2 * cell] === hash && this.#ids[slot] === id) return cell
    }
  }

  #place(cells: Int32Array, hash: number, slot: number): void {
    const mask = (cells.length >>> 1) - 1
    let cell = hash & mask
    while (cells[2 * cell + 1] !== FREE) cell = (cell + 1) & mask
    cells[2 * cell] = hash
    cells[2 * cell + 1] = slot
  }

  #resize(capacity: number, arena?: Arena): void {
    const old = this.#cells
    const cells = fresh(Int32Array, 2 * capacity, arena)?.fill(FREE)
    if (cells === undefined) return
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== FREE) this.#place(cells, old[i]!, old[i + 1]!)
    this.#cells = cells
  }
}

/** FNV-1a over the UTF-16 units, its bits spread (the table is indexed by the low ones). */
function hashOf(id: string): number {
  let hash = 0x811c9dc5 | 0
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x45d9f3b)
  return hash ^ (hash >>> 16)
}
