// removeStopWords: whether a folded query word is a stop word in one of the given languages.
import { STOP_WORDS } from './stop-words-data.ts'

const SETS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(STOP_WORDS).map(([language, list]) => [language, new Set(list)]),
)
export const STOP_WORD_LANGUAGES = [...SETS.keys()]

export function isStopWord(word: string, languages: readonly string[]): boolean {
  for (const language of languages) if (SETS.get(language)?.has(word)) return true
  return false
}
