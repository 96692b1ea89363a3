// An answer of three results with its own values in three slots (the middle one empty), for the
// tests of the spliced codings (spliced-brotli, spliced-gzip, spliced-zstd).

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
