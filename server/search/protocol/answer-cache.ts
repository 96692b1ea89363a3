// Answers to repeated searches, kept as the bytes they were sent as. Every visitor's first request
// is the same search (an empty query with the facets), and typing repeats the same prefixes: such
// a request is answered again without searching, decoding hits or serialising them.
//
// What differs between two answers to the same request is written per answer into the kept bytes:
// each result's `processingTimeMS`, `serverTimeMS` and `queryID` (a fresh one per search). The rest
// of an answer depends only on the request's body, the key's forced parameters and hit cap, the
// indexes (their generation: any write, replay or build changes it) and, through query rules'
// validity ranges, the clock: an entry lives until the generation changes or the next rule starts
// or stops being live. The key's other limits (ACL, indexes, referers, sources, rate) are checked
// on every request, before the cache is asked.

const encoder = new TextEncoder()

/** The fields of a result written per answer, in this order, after the others. */
const PER_ANSWER = ['processingTimeMS', 'serverTimeMS', 'queryID'] as const
type PerAnswer = (typeof PER_ANSWER)[number]

/** What one answer writes into a result. */
export type ResultTimes = { [field in PerAnswer]?: number | string }

/** A multi-query answer (`{"results":[...]}`) without the fields written per answer. */
export interface AnswerTemplate {
  /** The answer's bytes, each result's object left open where its own fields go. */
  readonly bytes: Uint8Array
  /** Per result: where its own fields are written, and which of them it has. */
  readonly slots: ReadonlyArray<{ at: number; fields: readonly PerAnswer[]; comma: boolean }>
}

/** The template of `{"results": results}`; results may be any JSON objects. */
export function answerTemplate(results: ReadonlyArray<Record<string, unknown>>): AnswerTemplate {
  let text = '{"results":['
  const offsets: number[] = []
  const slots: Array<{ fields: PerAnswer[]; comma: boolean }> = []
  results.forEach((result, i) => {
    const fields = PER_ANSWER.filter((field) => result[field] !== undefined)
    let fixed: Record<string, unknown> = result
    if (fields.length > 0) {
      fixed = { ...result }
      for (const field of fields) delete fixed[field]
    }
    const json = JSON.stringify(fixed)
    if (i > 0) text += ','
    text += json.slice(0, -1)
    offsets.push(text.length)
    slots.push({ fields, comma: json.length > 2 })
    text += '}'
  })
  text += ']}'
  // The offsets are in UTF-16 units until the text is bytes: count the bytes before each.
  const bytes = encoder.encode(text)
  let at = 0
  let units = 0
  return {
    bytes,
    slots: slots.map((slot, i) => {
      at += utf8Length(text, units, offsets[i]!)
      units = offsets[i]!
      return { at, ...slot }
    }),
  }
}

/** UTF-8 bytes of text[from, to). */
function utf8Length(text: string, from: number, to: number): number {
  let bytes = 0
  for (let i = from; i < to; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < to) {
      // A surrogate pair: one code point of 4 bytes. A lone surrogate was written as 3 (U+FFFD).
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** The answer's bytes with each result's own fields written in (all ASCII: numbers and hex IDs). */
export function fillAnswer(template: AnswerTemplate, times: readonly ResultTimes[]): Uint8Array {
  const inserts = template.slots.map((slot, i) => {
    let text = ''
    for (const field of slot.fields) {
      const value = times[i]?.[field]
      text += `${text === '' && !slot.comma ? '' : ','}"${field}":${JSON.stringify(value ?? 0)}`
    }
    return text
  })
  let size = template.bytes.length
  for (const text of inserts) size += text.length
  const out = new Uint8Array(size)
  let from = 0
  let to = 0
  template.slots.forEach((slot, i) => {
    out.set(template.bytes.subarray(from, slot.at), to)
    to += slot.at - from
    from = slot.at
    const text = inserts[i]!
    for (let k = 0; k < text.length; k++) out[to++] = text.charCodeAt(k)
  })
  out.set(template.bytes.subarray(from), to)
  return out
}

interface Entry<T> {
  value: T
  bytes: number
  generation: number
  /** Milliseconds since the epoch after which the entry is not used (Infinity: never). */
  expiresAt: number
}

/**
 * Entries kept while their bytes fit `maxBytes`, the least recently used dropped first. An entry
 * larger than a sixteenth of the budget is not kept: a few large answers would push out the many
 * small ones that repeat.
 */
export class AnswerCache<T> {
  readonly maxBytes: number
  readonly #entries = new Map<string, Entry<T>>()
  #bytes = 0
  hits = 0
  misses = 0

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  /** The entry for `key` made at `generation` and not expired at `now`. */
  get(key: string, generation: number, now = Date.now()): T | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) {
      this.misses++
      return undefined
    }
    this.#entries.delete(key)
    if (entry.generation !== generation || now >= entry.expiresAt) {
      this.#bytes -= entry.bytes
      this.misses++
      return undefined
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.set(key, entry)
    this.hits++
    return entry.value
  }

  set(key: string, value: T, bytes: number, generation: number, expiresAt: number): void {
    const size = bytes + 2 * key.length
    if (size > this.maxBytes / 16) return
    const old = this.#entries.get(key)
    if (old !== undefined) {
      this.#entries.delete(key)
      this.#bytes -= old.bytes
    }
    this.#entries.set(key, { value, bytes: size, generation, expiresAt })
    this.#bytes += size
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }
}
