// A query string → the words the matcher looks up, plus what the query language adds around
// them: quoted phrases and excluded words (advancedSyntax), stop words dropped, plural forms as
// alternatives, German compounds split into their parts (as a phrase alternative of the word),
// and which words are optional (optionalWords).
import { MAX_QUERY_WORDS, type MatchOptions, parseQuery, type QueryWord } from '../matcher.ts'
import { fold, germanVariant } from '../normalize.ts'
import type { PhraseSynonym, SynonymTable } from '../synonyms.ts'
import { words } from '../tokenize.ts'
import { splitCompound } from './decompound.ts'
import { NO_QUERY_LANGUAGE } from './language-options.ts'
import { pluralForms } from './plurals.ts'
import { splitQuerySyntax } from './query-syntax.ts'
import { isStopWord } from './stop-words.ts'

export interface QueryPlan {
  words: QueryWord[]
  /** Indices into `words` of each quoted phrase's words, in order. */
  phrases: number[][]
  /** Each excluded word as its folded forms (fold, German transliteration). */
  excluded: string[][]
  /** Bit w: query word w is optional (optionalWords). */
  optional: number
  /** The match options, with compound splits added as phrase alternatives. */
  options: MatchOptions
}

interface Entry {
  raw: string
  phrase: number
}

export function planQuery(query: string, options: MatchOptions): QueryPlan {
  const language = options.language ?? NO_QUERY_LANGUAGE
  // Fast path: nothing of the query language applies (most indexes, every keystroke).
  if (
    !language.exactPhrase &&
    !language.excludeWords &&
    !language.decompound &&
    language.pluralLanguages.length === 0 &&
    language.stopWordLanguages.length === 0 &&
    language.optionalWords.size === 0
  )
    return { words: parseQuery(query, options), phrases: [], excluded: [], optional: 0, options }
  const parts = splitQuerySyntax(query, language.exactPhrase, language.excludeWords)
  const entries: Entry[] = []
  const excluded: string[][] = []
  let phraseCount = 0
  for (const part of parts) {
    const tokens = words(part.text, options.separators)
    if (part.kind === 'exclude') {
      for (const token of tokens) excluded.push(formsOf(token))
      continue
    }
    const phrase = part.kind === 'phrase' && tokens.length > 0 ? phraseCount++ : -1
    for (const raw of tokens) entries.push({ raw, phrase })
  }
  const kept = withoutStopWords(entries.slice(0, MAX_QUERY_WORDS), options)
  const queryWords = parseQuery(kept.map((e) => e.raw).join(' '), options)
  const phrases: number[][] = Array.from({ length: phraseCount }, () => [])
  let optional = 0
  const compounds: PhraseSynonym[] = []
  queryWords.forEach((word, w) => {
    const entry = kept[w]!
    if (entry.phrase >= 0) {
      // Phrase words match exactly: no prefix, no typos, no plurals or synonyms.
      phrases[entry.phrase]!.push(w)
      word.prefix = false
      word.maxTypos = 0
      const variant = germanVariant(word.raw)
      word.alternatives = variant !== undefined && variant !== word.folded ? [variant] : []
      delete word.synonyms
      return
    }
    if (language.optionalWords.has(word.folded)) optional |= 1 << w
    for (const form of pluralForms(word.folded, language.pluralLanguages))
      if (!word.alternatives.includes(form)) word.alternatives.push(form)
    const split = language.decompound ? splitCompound(word.folded) : undefined
    if (split !== undefined) compounds.push({ input: [[word.folded]], alternatives: [split], split: true })
  })
  return {
    words: queryWords,
    phrases: phrases.filter((p) => p.length > 0),
    excluded,
    optional,
    options:
      compounds.length > 0 ? { ...options, synonyms: withPhrases(options.synonyms, compounds) } : options,
  }
}

function formsOf(token: string): string[] {
  const folded = fold(token)
  const variant = germanVariant(token)
  return variant !== undefined && variant !== folded ? [folded, variant] : [folded]
}

/**
 * Stop words leave the query, except inside phrases, where a word is a prefix (the last one with
 * prefixLast, all with prefixAll) and when every word is a stop word (Algolia's rules).
 */
function withoutStopWords(entries: Entry[], options: MatchOptions): Entry[] {
  const languages = options.language?.stopWordLanguages ?? []
  if (languages.length === 0 || options.queryType === 'prefixAll') return entries
  const last = entries.length - 1
  const stop = entries.map(
    (e, i) =>
      e.phrase < 0 &&
      !(i === last && options.queryType === 'prefixLast') &&
      isStopWord(fold(e.raw), languages),
  )
  const onlyStopWords = entries.every((e) => isStopWord(fold(e.raw), languages))
  return onlyStopWords ? entries : entries.filter((_, i) => !stop[i])
}

/** The synonym table with more phrase alternatives (compound splits), leaving the original as is. */
function withPhrases(table: SynonymTable | undefined, extra: readonly PhraseSynonym[]): SynonymTable {
  const phrases = new Map(table?.phrases ?? [])
  for (const entry of extra) {
    const first = entry.input[0]![0]!
    phrases.set(first, [...(phrases.get(first) ?? []), entry])
  }
  return {
    words: table?.words ?? new Map(),
    corrections: table?.corrections ?? new Map(),
    phrases,
    size: (table?.size ?? 0) + extra.length,
  }
}
