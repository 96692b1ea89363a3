// An answer of three results with its own values in three slots (the middle one empty), for the
// tests of the spliced codings (spliced-brotli, spliced-gzip, spliced-zstd), and the seeded generator their varied cases draw from.

const piece = (i: number) =>
  `{"hits":[{"name":"Köln Hbf ${i}","city":"Köln","note":"🚆 Gleis ${i}"}],"facets":{"federalState":{"Nordrhein-Westfalen":${i}}}`

/** The fixed JSON around the slots. */
export const fixedTexts = [`{"results":[${piece(1)}`, `},${piece(2)}`, `},${piece(3)}`, '}]}']

/** One answer's own values: each slot's text, of the same length for every n. */
export function ownTexts(n: number): string[] {
  return [`,"serverTimeMS":${String(n).padEnd(6)}`, '', `,"queryID":"${String(n).repeat(32).slice(0, 32)}"`]
}

/** Bytes of each slot. */
export const slotLengths = ownTexts(1).map((text) => text.length)

/**
 * The fixed parts compressed each on its own, plus the slots' bytes and what the format adds
 * (`overhead` once, `perSlot` for each): what an answer whose parts refer back across its slots
 * must beat.
 */
export function sizeApart(compress: (bytes: Buffer) => Buffer, { overhead = 0, perSlot = 0 } = {}): number {
  let total = overhead
  for (const text of fixedTexts) total += compress(Buffer.from(text)).length
  for (const slot of slotLengths) total += perSlot + slot
  return total
}

/** A deterministic generator, so that a failure can be run again. */
export function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}
