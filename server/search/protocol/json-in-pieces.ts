// A long page of hits written as JSON in pieces. JSON.stringify of a 1,000-hit answer with every
// attribute highlighted and snippeted (~3 MB) held a serving process's event loop for ~20 ms in
// one call; its hits are written a slice at a time here, with a turn of the event loop between
// slices, so that other requests (and /healthz) are answered in between. The text is the same as
// JSON.stringify's.
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Hits written per slice: ~2 ms for the heaviest hits an answer may hold. */
const HITS_PER_PIECE = 100

/** JSON.stringify of a plain object: its `hits` array, when long, in slices between turns. */
export async function jsonInPieces(value: Readonly<Record<string, unknown>>): Promise<string> {
  const hits = value.hits
  if (!Array.isArray(hits) || hits.length <= HITS_PER_PIECE) return JSON.stringify(value)
  const members: string[] = []
  for (const [name, field] of Object.entries(value)) {
    const json = name === 'hits' ? await arrayInPieces(hits) : JSON.stringify(field)
    // Undefined (and functions) are left out of an object, as JSON.stringify leaves them out.
    if (json !== undefined) members.push(`${JSON.stringify(name)}:${json}`)
  }
  return `{${members.join(',')}}`
}

async function arrayInPieces(items: readonly unknown[]): Promise<string> {
  const pieces: string[] = []
  for (let start = 0; start < items.length; start += HITS_PER_PIECE) {
    if (start > 0) await nextTurn()
    pieces.push(JSON.stringify(items.slice(start, start + HITS_PER_PIECE)).slice(1, -1))
  }
  return `[${pieces.join(',')}]`
}
