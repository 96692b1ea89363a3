// Which queries may become suggestions, whatever their popularity. A suggestion is shown to every
// visitor, so text a stranger can type must not turn into a link, an address or a number to call
// (`Erstattung nur unter bahn-erstattung.example`), nor carry characters that hide or reorder
// what is displayed. Besides Algolia's rules (minLetters, an exclusion list, banned expressions),
// queries with links, domains, e-mail addresses, phone numbers or control and bidi characters are
// never suggested. Queries arrive normalized (normalizeQuery): lower case, single spaces.
// `spelledAsIn` is the rule a suggestion's spelling follows: as a station spells it.
import { normalizeQuery } from './query-aggregation.ts'

export interface SuggestionRules {
  /** Characters other than spaces a suggestion needs. */
  minLetters: number
  /** Queries never suggested, matched whole (normalized like analytics groups queries). */
  exclude: readonly string[]
  /** A query containing one of these (a substring, or a pattern) is never suggested. */
  banned: readonly (string | RegExp)[]
}

export type Rejection =
  | 'too short'
  | 'excluded'
  | 'banned expression'
  | 'link'
  | 'e-mail address'
  | 'phone number'
  | 'control or bidi character'

const WORD = '[\\p{L}\\p{N}]'
// Browsers read the ideographic and full-width full stops in a host name as dots.
const DOT = /[.\u3002\uFF0E\uFF61]/u
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?'
const TOP_LEVEL = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})'

const LINK = new RegExp(
  [
    // Any scheme://, and the schemes written without slashes.
    '\\p{L}[\\p{L}\\p{N}+.-]*:\\/\\/',
    `(?<!${WORD})(?:https?|ftp|mailto|tel|javascript|data|file):`,
    // "http", "https" and "www" as words: a link with its punctuation taken out.
    `(?<!${WORD})(?:https?|www\\d{0,3})(?!${WORD})`,
  ].join('|'),
  'u',
)
/** Labels joined by dots, ending in what could be a top-level domain. */
const HOST_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?:${LABEL}${DOT.source})+${TOP_LEVEL}(?![\\p{L}\\p{N}-])`,
  'gu',
)
/** Top-level domains common enough that even a short name before them makes a link ("t.co", "db.de"). */
const COMMON_TOP_LEVEL = new Set(
  [
    'com net org info biz app dev xyz online site shop link click top',
    'de at ch eu io co me ly to gl gd cc tv ws ru cn uk nl fr it es pl us',
  ]
    .join(' ')
    .split(' '),
)

/**
 * A host name such as "bahn-erstattung.example". German place names abbreviate with dots and no
 * space ("Neuburg a.d.Donau", "St.Wendel", "Lübeck-St.Jürgen"): a name whose last part before the
 * top-level domain has fewer than 3 characters is one of them, unless that domain is a common one.
 */
function hasHostName(query: string): boolean {
  for (const [host] of query.matchAll(HOST_NAME)) {
    // The pattern has at least one label and a dot before the top-level domain.
    const labels = host.split(DOT)
    const topLevel = labels.at(-1)!
    const name = labels.at(-2)!.split('-').at(-1)!
    if (COMMON_TOP_LEVEL.has(topLevel) || [...name].length >= 3) return true
  }
  return false
}

const EMAIL = /[^\s@\uFF20]+[@\uFF20][^\s@\uFF20]+/u
/** Six or more digits, maybe with spaces, dashes, dots, slashes or brackets between them ("+49 30 1234"). */
const PHONE = /\p{Nd}(?:[\s\-\u2010-\u2015./()]*\p{Nd}){5,}/u
/**
 * Controls (C0, C1), format characters (bidi embeddings, overrides and isolates, LRM and RLM,
 * zero-width characters), private-use and unassigned code points.
 */
const HIDDEN = /\p{C}/u

/** Why a query may not be suggested on its content alone, if it may not. */
function unsafeContent(query: string): Rejection | undefined {
  if (HIDDEN.test(query)) return 'control or bidi character'
  if (EMAIL.test(query)) return 'e-mail address'
  if (LINK.test(query) || hasHostName(query)) return 'link'
  if (PHONE.test(query)) return 'phone number'
  return undefined
}

/** The words of a text as a suggestion is compared with a station: letters and digits, lower case. */
function wordsOf(text: string): string[] {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('de')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '')
}

/**
 * Whether a query is spelled as `text` (a station's name, its place) spells it: every word of the
 * query is a word of the text letter for letter (case aside), in the query's order. A typo the
 * engine forgave ("leipzg"), a word cut short ("leipz"), another spelling ("koeln") or the words
 * turned around ("eickel wanne hbf" for Wanne-Eickel Hbf) are not.
 */
export function spelledAsIn(query: string, text: string): boolean {
  const wanted = wordsOf(query)
  if (wanted.length === 0) return false
  let found = 0
  for (const word of wordsOf(text)) {
    if (word === wanted[found]) found++
    if (found === wanted.length) return true
  }
  return false
}

/** Applies the rules to normalized queries. */
export class SuggestionFilter {
  readonly #minLetters: number
  readonly #excluded: Set<string>
  readonly #banned: (string | RegExp)[]

  constructor(rules: SuggestionRules) {
    this.#minLetters = rules.minLetters
    this.#excluded = new Set(rules.exclude.map(normalizeQuery))
    // Without the global and sticky flags, test() keeps no state between queries.
    this.#banned = rules.banned
      .map((entry) =>
        typeof entry === 'string'
          ? normalizeQuery(entry)
          : new RegExp(entry.source, entry.flags.replace(/[gy]/g, '')),
      )
      .filter((entry) => entry !== '')
  }

  /** Why the (normalized) query may not be suggested, or undefined when it may. */
  rejection(query: string): Rejection | undefined {
    if (query.replace(/\s/g, '').length < this.#minLetters) return 'too short'
    if (this.#excluded.has(query)) return 'excluded'
    const banned = this.#banned.some((entry) =>
      typeof entry === 'string' ? query.includes(entry) : entry.test(query),
    )
    if (banned) return 'banned expression'
    return unsafeContent(query)
  }
}
