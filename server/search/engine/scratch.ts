// Reusable typed arrays for one index's queries. Searches are synchronous, so a buffer is free
// again when the search returns; reusing them keeps large external allocations (and the major
// GCs they trigger on a big heap) out of the query path.

export class Scratch {
  readonly #f64 = new Map<string, Float64Array>()
  readonly #i32 = new Map<string, Int32Array>()

  f64(name: string, size: number): Float64Array {
    let buffer = this.#f64.get(name)
    if (buffer === undefined || buffer.length < size) {
      buffer = new Float64Array(Math.max(size, (buffer?.length ?? 0) * 2, 64))
      this.#f64.set(name, buffer)
    }
    return buffer.subarray(0, size)
  }

  i32(name: string, size: number): Int32Array {
    let buffer = this.#i32.get(name)
    if (buffer === undefined || buffer.length < size) {
      buffer = new Int32Array(Math.max(size, (buffer?.length ?? 0) * 2, 64))
      this.#i32.set(name, buffer)
    }
    return buffer.subarray(0, size)
  }
}
