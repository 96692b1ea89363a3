// Kept answers compressed from pieces made once per answer and coding (spliced-brotli.ts,
// spliced-gzip.ts, spliced-zstd.ts): each answer after that only writes its own few bytes between
// them. The coding is the one the client prefers (its q-values) of those whose pieces could be
// made; on a tie the smallest first: brotli, then gzip, then zstd. For the web app's first results
// page (12.4 KB of JSON, a visitor's token) that is 2,068 bytes of brotli, 2,318 of gzip and 2,350
// of zstd.
import { brotliAnswer, brotliPieces } from './spliced-brotli.ts'
import { gzipAnswer, gzipPieces } from './spliced-gzip.ts'
import { zstdAnswer, zstdPieces } from './spliced-zstd.ts'

export type SplicedCoding = 'br' | 'gzip' | 'zstd'

interface Splicer {
  /** Pieces of these fixed texts around slots of these lengths; undefined when they cannot be made. */
  make(texts: readonly string[], slots: readonly number[]): object | undefined
  answer(pieces: object, own: readonly string[]): Buffer
}

/** The longest slot one stored deflate block holds. */
const MAX_STORED = 65_535

/** Answers up to this many characters are compressed at brotli's quality 10 (~3.5 ms for 12 KB once), larger ones at 5. */
const BROTLI_HIGH_QUALITY_CHARS = 32 * 1024

/** A coding's two functions, its pieces' type hidden behind the pair. */
function splicer<P extends object>(
  make: (texts: readonly string[], slots: readonly number[]) => P | undefined,
  answer: (pieces: P, own: readonly string[]) => Buffer,
): Splicer {
  return { make, answer: (pieces, own) => answer(pieces as P, own) }
}

/** Brotli's quality for an answer of these texts: 10 up to BROTLI_HIGH_QUALITY_CHARS, else 5. */
function brotliQuality(texts: readonly string[]): number {
  let chars = 0
  for (const text of texts) chars += text.length
  return chars <= BROTLI_HIGH_QUALITY_CHARS ? 10 : 5
}

const SPLICERS: ReadonlyArray<[SplicedCoding, Splicer]> = [
  ['br', splicer((texts, slots) => brotliPieces(texts, slots, brotliQuality(texts)), brotliAnswer)],
  [
    'gzip',
    splicer(
      (texts, slots) => (slots.some((slot) => slot > MAX_STORED) ? undefined : gzipPieces(texts, slots)),
      gzipAnswer,
    ),
  ],
  ['zstd', splicer((texts, slots) => zstdPieces(texts, slots, 6), zstdAnswer)],
]

/**
 * Each coding's q-value in an Accept-Encoding header (`x-gzip` counts as gzip; a coding not named
 * takes the q of `*`, and 0 without it).
 */
function acceptedCodings(header: string | string[] | undefined): Map<SplicedCoding, number> {
  const named = new Map<string, number>()
  let any = 0
  if (header !== undefined) {
    for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
      const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
      const q = params.find((param) => param.startsWith('q='))
      const value = q === undefined ? 1 : Number(q.slice(2))
      const quality = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
      if (name === '*') any = quality
      else if (name !== '') named.set(name === 'x-gzip' ? 'gzip' : name, quality)
    }
  }
  const codings = new Map<SplicedCoding, number>()
  for (const [coding] of SPLICERS) codings.set(coding, named.get(coding) ?? any)
  return codings
}

export class SplicedAnswers {
  /** Per kept answer (weakly: its pieces go with it), each coding's pieces, null where none can be made. */
  readonly #pieces = new WeakMap<object, Map<SplicedCoding, object | null>>()
  /** The last Accept-Encoding read and its codings (a header given as a list is read every time). */
  #lastHeader: string | undefined
  #lastCodings: Map<SplicedCoding, number> | undefined

  /**
   * The answer of `key` (a kept answer) compressed: its fixed `texts` with the `own` texts between
   * them (each of its slot's length), in the coding the client prefers; undefined when it accepts
   * none whose pieces can be made, or `own` has none (a value wider than its slot). `own` is asked
   * for only once a coding is chosen, `slots` only when pieces are made.
   */
  answer(
    key: object,
    texts: readonly string[],
    slots: () => readonly number[],
    own: () => readonly string[] | undefined,
    acceptEncoding: string | string[] | undefined,
  ): { coding: SplicedCoding; body: Buffer } | undefined {
    // Nearly every request of a browser sends the same header: its codings are read once.
    let accepted = this.#lastCodings
    if (typeof acceptEncoding !== 'string' || acceptEncoding !== this.#lastHeader || accepted === undefined) {
      accepted = acceptedCodings(acceptEncoding)
      this.#lastHeader = typeof acceptEncoding === 'string' ? acceptEncoding : undefined
      this.#lastCodings = typeof acceptEncoding === 'string' ? accepted : undefined
    }
    let made = this.#pieces.get(key)
    if (made === undefined) {
      made = new Map()
      this.#pieces.set(key, made)
    }
    const tried = new Set<SplicedCoding>()
    for (;;) {
      let best: [SplicedCoding, Splicer] | undefined
      let bestQuality = 0
      for (const entry of SPLICERS) {
        const quality = accepted.get(entry[0]) ?? 0
        if (quality > bestQuality && !tried.has(entry[0])) {
          best = entry
          bestQuality = quality
        }
      }
      if (best === undefined) return undefined
      const [coding, splicer] = best
      tried.add(coding)
      let pieces = made.get(coding)
      if (pieces === undefined) {
        pieces = splicer.make(texts, slots()) ?? null
        made.set(coding, pieces)
      }
      if (pieces === null) continue
      const ownTexts = own()
      return ownTexts === undefined ? undefined : { coding, body: splicer.answer(pieces, ownTexts) }
    }
  }
}
