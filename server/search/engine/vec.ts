// Growable typed arrays: columns grow by appending one record at a time without per-value objects.

export class Int32Vec {
  data: Int32Array
  length = 0

  constructor(capacity = 16) {
    this.data = new Int32Array(Math.max(4, capacity))
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(this.length + 1)
    this.data[this.length++] = value
  }

  reserve(min: number): void {
    if (min <= this.data.length) return
    let capacity = this.data.length * 2
    while (capacity < min) capacity *= 2
    const next = new Int32Array(capacity)
    next.set(this.data.subarray(0, this.length))
    this.data = next
  }

  view(): Int32Array {
    return this.data.subarray(0, this.length)
  }

  /** Gives back the room that doubling reserved (after a bulk build). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(4, this.length))
  }
}

export class Float64Vec {
  data: Float64Array
  length = 0

  constructor(capacity = 16) {
    this.data = new Float64Array(Math.max(4, capacity))
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(this.length + 1)
    this.data[this.length++] = value
  }

  reserve(min: number): void {
    if (min <= this.data.length) return
    let capacity = this.data.length * 2
    while (capacity < min) capacity *= 2
    const next = new Float64Array(capacity)
    next.set(this.data.subarray(0, this.length))
    this.data = next
  }

  /** Gives back the room that doubling reserved (after a bulk build). */
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, Math.max(4, this.length))
  }
}

/**
 * Small non-negative integers (facet codes + 1, 0 = none) in the narrowest array that holds
 * them: a million one-byte codes stay in cache where four-byte ones would not.
 */
export class CodeVec {
  data: Uint8Array | Uint16Array | Int32Array = new Uint8Array(16)
  length = 0

  push(value: number): void {
    const limit =
      this.data instanceof Uint8Array ? 0xff : this.data instanceof Uint16Array ? 0xffff : 0x7fffffff
    if (value > limit || this.length === this.data.length) {
      const wide = value > limit ? (value > 0xffff ? Int32Array : Uint16Array) : undefined
      const Kind = wide ?? (this.data.constructor as Uint8ArrayConstructor)
      const next = new Kind(Math.max(16, this.data.length * 2))
      next.set(this.data.subarray(0, this.length))
      this.data = next
    }
    this.data[this.length++] = value
  }
}
