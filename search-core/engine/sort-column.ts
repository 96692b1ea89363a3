// Keys of one asc()/desc() criterion per slot: numbers as they are, strings by alphabetical rank
// among the distinct strings (recomputed only when a new string appears), missing values last.
import type { Arena } from './arena.ts'
import type { SortSpec } from './custom-order.ts'
import { sortKey } from './custom-order.ts'
import { fold } from './normalize.ts'
import { Float64Vec, Int32Vec } from './vec.ts'

export class SortColumn {
  readonly spec: SortSpec
  readonly #numbers = new Float64Vec()
  /** String code per slot (-1: not a string). */
  readonly #codes = new Int32Vec()
  readonly #strings: string[] = []
  readonly #codeOf = new Map<string, number>()
  #ranks = new Float64Array(0)

  constructor(spec: SortSpec) {
    this.spec = spec
  }

  append(record: unknown): void {
    const key = sortKey(record, this.spec.path)
    if (typeof key === 'string') {
      const folded = fold(key)
      let code = this.#codeOf.get(folded)
      if (code === undefined) {
        code = this.#strings.length
        this.#strings.push(folded)
        this.#codeOf.set(folded, code)
      }
      this.#codes.push(code)
      this.#numbers.push(Number.NaN)
    } else {
      this.#codes.push(-1)
      this.#numbers.push(key === null ? Number.NaN : key)
    }
  }

  /** Sizes the column for `count` slots (a bulk build). */
  reserve(count: number, arena?: Arena): void {
    this.#numbers.reserve(count, arena)
    this.#codes.reserve(count, arena)
  }

  /** Puts the slots in a new order (a bulk build): slot k becomes what slot order[k] was. */
  permute(order: Int32Array): void {
    this.#numbers.permute(order)
    this.#codes.permute(order)
  }

  /** Lower ranks first: numbers before strings, missing values last in either direction. */
  keyFn(): (slot: number) => number {
    if (this.#ranks.length !== this.#strings.length) {
      const order = this.#strings
        .map((_, i) => i)
        .sort((a, b) => {
          const x = this.#strings[a]!
          const y = this.#strings[b]!
          return x < y ? -1 : x > y ? 1 : 0
        })
      this.#ranks = new Float64Array(order.length)
      order.forEach((code, rank) => {
        this.#ranks[code] = rank
      })
    }
    const numbers = this.#numbers.data
    const codes = this.#codes.data
    const ranks = this.#ranks
    const sign = this.spec.desc ? -1 : 1
    const stringBase = 2 ** 52
    const count = ranks.length
    return (slot) => {
      const code = codes[slot]!
      if (code >= 0) {
        const r = ranks[code]!
        return stringBase + (sign > 0 ? r : count - r)
      }
      const n = numbers[slot]!
      return Number.isNaN(n) ? Number.POSITIVE_INFINITY : sign * n
    }
  }
}
