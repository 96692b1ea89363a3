// Answers to repeated searches, kept as the JSON they were sent as. Every visitor's first request
// is the same search (an empty query with the facets), and typing repeats the same prefixes: such
// a request is answered again without searching, decoding hits or serialising them.
//
// What differs between two answers to the same request is written per answer into the kept JSON:
// each result's `processingTimeMS`, `serverTimeMS` and `queryID` (a fresh one per search). The rest
// of an answer depends only on the request's body, the key's forced parameters and hit cap, the
// indexes (their generation: any write, replay or build changes it) and, through query rules'
// validity ranges, the clock: an entry lives until the generation changes or the next rule starts
// or stops being live. The key's other limits (ACL, indexes, referers, sources, rate) are checked
// on every request, before the cache is asked.

import { jsonInPieces } from './json-in-pieces.ts'

/**
 * The fields of a result written per answer, in this order, after the others. `params` echoes the
 * parameters as sent, the visitor's `userToken` among them, so it is written per answer too.
 */
const PER_ANSWER = ['params', 'processingTimeMS', 'serverTimeMS', 'queryID'] as const
type PerAnswer = (typeof PER_ANSWER)[number]

/** What one answer writes into a result. */
export type ResultTimes = { [field in PerAnswer]?: number | string }

/**
 * Widths the own values of an answer take when every answer must write the same number of bytes
 * (padded with spaces, which JSON allows after a value): times up to 999,999 ms, 32-digit
 * queryIDs, and `params` up to 80 characters longer than in the answer the template was made from
 * (room for another visitor's user token).
 */
const WIDTH = { processingTimeMS: 6, serverTimeMS: 6, queryID: 34 } as const
const PARAMS_ROOM = 80

interface Slot {
  /**
   * The start of `params` that every answer shares (the parameters before the visitor's user
   * token): written once in the fixed JSON before the slot, which then holds only the rest.
   */
  readonly paramsStart?: string
  /** Which of its own fields the result has, and the width of each when padded. */
  readonly fields: readonly PerAnswer[]
  readonly widths: readonly number[]
  /** Whether a comma comes before them (the result has other fields). */
  readonly comma: boolean
  /** How many characters they take when padded: the same in every answer. */
  readonly padded: number
}

/**
 * A multi-query answer (`{"results":[...]}`) without the fields written per answer: the JSON before
 * each result's own fields, and after the last. Kept as strings, not bytes: an answer put together
 * from strings lives and dies in V8's young generation, where a fresh byte array per answer (~15 KB
 * outside the heap) made V8 run a full collection every few hundred answers.
 */
export interface AnswerTemplate {
  /** One more than the slots: the JSON around them. */
  readonly parts: readonly string[]
  readonly slots: readonly Slot[]
  /** The length of the fixed JSON, in UTF-16 units. */
  readonly length: number
}

/**
 * The template of `{"results": results}` (a multi-query's answer), or with `single` of the one
 * result itself (a search of one index); results may be any JSON objects. `paramsStarts` gives
 * per result the start of `params` that every answer to the request shares, if any.
 */
export async function answerTemplate(
  results: ReadonlyArray<Record<string, unknown>>,
  single = false,
  paramsStarts: ReadonlyArray<string | undefined> = [],
): Promise<AnswerTemplate> {
  // The results' long pages of hits are written in pieces, a turn of the event loop between them.
  const texts: string[] = []
  for (const result of results) texts.push(await jsonInPieces(withoutOwnFields(result).fixed))
  return templateOf(results, single, paramsStarts, texts)
}

/** A result without the fields each answer writes for itself, and which of them it has. */
function withoutOwnFields(result: Record<string, unknown>): {
  fixed: Record<string, unknown>
  fields: PerAnswer[]
} {
  const fields = PER_ANSWER.filter((field) => result[field] !== undefined)
  if (fields.length === 0) return { fixed: result, fields }
  const fixed = { ...result }
  for (const field of fields) delete fixed[field]
  return { fixed, fields }
}

function templateOf(
  results: ReadonlyArray<Record<string, unknown>>,
  single: boolean,
  paramsStarts: ReadonlyArray<string | undefined>,
  texts: readonly string[],
): AnswerTemplate {
  const parts: string[] = []
  const slots: Slot[] = []
  let text = single ? '' : '{"results":['
  results.forEach((result, i) => {
    const { fields } = withoutOwnFields(result)
    const json = texts[i]!
    if (i > 0) text += ','
    const comma = json.length > 2
    const paramsStart = sharedStart(result.params, paramsStarts[i])
    // `"params":"<the shared start>` goes into the fixed JSON; the slot begins inside the string.
    const opened =
      paramsStart === undefined
        ? ''
        : `${comma ? ',' : ''}"params":${JSON.stringify(paramsStart).slice(0, -1)}`
    parts.push(text + json.slice(0, -1) + opened)
    const widths = fields.map((field) =>
      field === 'params'
        ? JSON.stringify(String(result.params).slice(paramsStart?.length ?? 0)).length + PARAMS_ROOM
        : WIDTH[field],
    )
    const slot = {
      ...(paramsStart !== undefined ? { paramsStart } : {}),
      fields,
      widths,
      comma,
      padded: 0,
    }
    slot.padded = slotText(slot, { params: paramsStart ?? '' }, true).length
    slots.push(slot)
    text = '}'
  })
  parts.push(single ? text : `${text}]}`)
  let length = 0
  for (const part of parts) length += part.length
  return { parts, slots, length }
}

/**
 * `start` when `params` is a string that begins with it and JSON writes the two apart as it writes
 * them together (not between the halves of a surrogate pair).
 */
function sharedStart(params: unknown, start: string | undefined): string | undefined {
  if (start === undefined || start === '' || typeof params !== 'string' || !params.startsWith(start))
    return undefined
  const last = start.charCodeAt(start.length - 1)
  return last >= 0xd800 && last <= 0xdbff ? undefined : start
}

/** A result's own fields as JSON text; with `padded`, each value padded to its width. */
function slotText(slot: Slot, own: ResultTimes | undefined, padded: boolean) {
  let text = ''
  let first = !slot.comma
  for (let f = 0; f < slot.fields.length; f++) {
    const field = slot.fields[f]!
    let value: string
    if (field === 'params' && slot.paramsStart !== undefined) {
      // The rest of the string opened in the fixed JSON, and its closing quote.
      const params = String(own?.params ?? '')
      if (!params.startsWith(slot.paramsStart)) throw new Error('params without the start its answer shares')
      value = JSON.stringify(params.slice(slot.paramsStart.length)).slice(1)
      text += padded ? value.padEnd(slot.widths[f]!) : value
    } else {
      value = JSON.stringify(own?.[field] ?? (field === 'params' ? '' : 0))
      text += `${first ? '' : ','}"${field}":${padded ? value.padEnd(slot.widths[f]!) : value}`
    }
    first = false
  }
  return text
}

/** The answer's JSON with each result's own fields written in. */
export function fillAnswer(template: AnswerTemplate, times: readonly ResultTimes[]): string {
  const { parts, slots } = template
  let out = parts[0]!
  for (let i = 0; i < slots.length; i++) out += slotText(slots[i]!, times[i], false) + parts[i + 1]!
  return out
}

/** How many bytes each result's own fields take when padded (`paddedTexts`). */
export function paddedLengths(template: AnswerTemplate): number[] {
  return template.slots.map((slot) => slot.padded)
}

/**
 * Each result's own fields with every value padded to its width, so that each answer writes the
 * same number of bytes there; undefined when a value is wider, or not ASCII (the answer is then
 * written with `fillAnswer`).
 */
export function paddedTexts(template: AnswerTemplate, times: readonly ResultTimes[]): string[] | undefined {
  const texts: string[] = []
  for (let i = 0; i < template.slots.length; i++) {
    const slot = template.slots[i]!
    const text = slotText(slot, times[i], true)
    if (text.length !== slot.padded || !ASCII.test(text)) return undefined
    texts.push(text)
  }
  return texts
}

const ASCII = /^[\x20-\x7e]*$/
