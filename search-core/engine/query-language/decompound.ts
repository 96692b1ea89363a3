// German decompounding: a folded word splits into parts of GERMAN_WORD_PARTS when those parts
// (longest first, with the linking elements -s-, -n-, -en-, -es- between them) cover it
// completely. "hauptbahnhof" → haupt + bahnhof, "bahnhofsplatz" → bahnhof + platz,
// "sudbahnhof" → sud + bahnhof; "bahnhof" itself is a part and stays whole, and a word with any
// piece outside the list ("hamburg") is not split. Limits: the list is small and the split is
// greedy, so rare compounds stay whole and a word that happens to be covered by parts is split
// even where a native speaker would not (see docs/search-engine.md).
import { fold } from '../normalize.ts'
import { GERMAN_WORD_PARTS } from './german-word-parts.ts'

const MIN_PART = 3
const LINKS = ['s', 'n', 'en', 'es']
const PARTS: ReadonlySet<string> = new Set(GERMAN_WORD_PARTS.map(fold).filter((p) => p.length >= MIN_PART))
const LONGEST = Math.max(...[...PARTS].map((p) => p.length))
const cache = new Map<string, readonly string[] | null>()

/** The parts of a folded compound (two or more), or undefined when it does not split. */
export function splitCompound(word: string): readonly string[] | undefined {
  if (word.length < MIN_PART * 2) return undefined
  let parts = cache.get(word)
  if (parts === undefined) {
    parts = cover(word, 0)
    if (parts !== null && parts.length < 2) parts = null
    if (cache.size > 50_000) cache.clear()
    cache.set(word, parts)
  }
  return parts ?? undefined
}

/** Parts covering word[from..], longest first, backtracking; null when none do. */
function cover(word: string, from: number): string[] | null {
  if (from === word.length) return []
  const max = Math.min(LONGEST, word.length - from)
  for (let length = max; length >= MIN_PART; length--) {
    const part = word.slice(from, from + length)
    if (!PARTS.has(part)) continue
    const end = from + length
    const rest = cover(word, end)
    if (rest !== null) return [part, ...rest]
    // A linking element may follow a part, but never end the word.
    for (const link of LINKS) {
      if (end + link.length < word.length && word.startsWith(link, end)) {
        const linked = cover(word, end + link.length)
        if (linked !== null && linked.length > 0) return [part, ...linked]
      }
    }
  }
  return null
}
