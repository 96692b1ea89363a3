// Which rules a search triggers: a condition's pattern against the query's words (with
// `{facet:attr}` placeholders and, when asked, alternatives), its context against the search's
// ruleContexts, its filters against the search's facet filters; the rule's validity and `enabled`.
// Matching rules come back in Algolia's precedence order (earliest match, longest, anchoring,
// context, filters, then the smaller objectID).
import { fold } from '../engine/normalize.ts'
import { words } from '../engine/tokenize.ts'
import type { Synonym } from '../engine/types.ts'
import { typoDistance } from '../engine/typo.ts'
import type { Anchoring, Rule, RuleCondition } from './rule-types.ts'

export interface RuleSearch {
  /** The query as the client sent it. */
  query: string
  ruleContexts: readonly string[]
  /** `attribute:value` pairs the search filters on (facet filters and `filters`). */
  filters: readonly string[]
  /** Seconds since the epoch. */
  now: number
  /** Every value of a faceted attribute (for `{facet:attr}` patterns); asked only when needed. */
  facetValues(attribute: string): readonly string[]
  synonyms: readonly Synonym[]
}

/** A placeholder's match: the facet value the words stood for, and the words' range. */
export interface FacetMatch {
  facet: string
  value: string
  start: number
  end: number
}

export interface RuleMatch {
  rule: Rule
  condition: RuleCondition
  /** Query words matched by the pattern: [start, end) (0, 0 without a pattern). */
  start: number
  end: number
  facets: FacetMatch[]
}

type Token = { word: string } | { facet: string }

const PLACEHOLDER = /\{facet:([^}]+)\}/g
const ANCHORING_RANK: Record<Anchoring, number> = { is: 0, startsWith: 1, endsWith: 2, contains: 3 }

/** Patterns parsed once: the same rules are matched against every search. */
const parsedPatterns = new Map<string, readonly Token[]>()
const PARSED_PATTERNS_LIMIT = 10_000

function tokensOf(pattern: string): readonly Token[] {
  let tokens = parsedPatterns.get(pattern)
  if (tokens === undefined) {
    if (parsedPatterns.size >= PARSED_PATTERNS_LIMIT) parsedPatterns.clear()
    tokens = patternTokens(pattern)
    parsedPatterns.set(pattern, tokens)
  }
  return tokens
}

export function patternTokens(pattern: string): Token[] {
  const tokens: Token[] = []
  let last = 0
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    for (const word of words(pattern.slice(last, match.index))) tokens.push({ word: fold(word) })
    tokens.push({ facet: match[1]!.trim() })
    last = match.index + match[0].length
  }
  for (const word of words(pattern.slice(last))) tokens.push({ word: fold(word) })
  return tokens
}

/** Is the rule live now: enabled, and inside one of its validity ranges when it has any. */
function isActive(rule: Rule, now: number): boolean {
  if (rule.enabled === false) return false
  if (!rule.validity || rule.validity.length === 0) return true
  return rule.validity.some(
    (range) =>
      (range.from === undefined || range.from <= now) && (range.until === undefined || now < range.until),
  )
}

/**
 * The first moment (seconds since the epoch) after `now` at which one of the rules starts or stops
 * being live by its validity ranges; Infinity when none ever will. Until then, which rules are live
 * depends on the rules alone.
 */
export function nextRuleChange(rules: readonly Rule[], now: number): number {
  let next = Number.POSITIVE_INFINITY
  for (const rule of rules) {
    if (rule.enabled === false || !rule.validity) continue
    for (const { from, until } of rule.validity) {
      if (from !== undefined && from > now && from < next) next = from
      if (until !== undefined && until > now && until < next) next = until
    }
  }
  return next
}

/** The rules the search triggers, in precedence order, each with its best-matching condition. */
export function matchRules(rules: readonly Rule[], search: RuleSearch): RuleMatch[] {
  const queryWords = words(search.query).map(fold)
  const matcher = new WordMatcher(search.synonyms)
  const facetCache = new Map<string, Map<string, string>>()
  const facetValuesOf = (attribute: string): Map<string, string> => {
    let values = facetCache.get(attribute)
    if (!values) {
      values = new Map(
        search.facetValues(attribute).map((value) => [words(value).map(fold).join(' '), value]),
      )
      facetCache.set(attribute, values)
    }
    return values
  }
  const filters = new Set(search.filters.map(foldFilter))
  const matches: RuleMatch[] = []
  for (const rule of rules) {
    if (!isActive(rule, search.now)) continue
    const conditions = rule.conditions ?? []
    if (conditions.length === 0) {
      matches.push({ rule, condition: {}, start: 0, end: 0, facets: [] })
      continue
    }
    const found = conditions
      .map((condition) => matchCondition(condition, queryWords, search, filters, matcher, facetValuesOf))
      .filter((match): match is Omit<RuleMatch, 'rule'> => match !== undefined)
      .sort(byPrecedence)
    if (found[0]) matches.push({ rule, ...found[0] })
  }
  return matches.sort(
    (a, b) =>
      byPrecedence(a, b) ||
      (a.rule.objectID < b.rule.objectID ? -1 : a.rule.objectID > b.rule.objectID ? 1 : 0),
  )
}

function byPrecedence(a: Omit<RuleMatch, 'rule'>, b: Omit<RuleMatch, 'rule'>): number {
  const hasPattern = (m: Omit<RuleMatch, 'rule'>): number => (m.condition.pattern !== undefined ? 0 : 1)
  return (
    hasPattern(a) - hasPattern(b) ||
    a.start - b.start ||
    b.end - b.start - (a.end - a.start) ||
    ANCHORING_RANK[a.condition.anchoring ?? 'contains'] -
      ANCHORING_RANK[b.condition.anchoring ?? 'contains'] ||
    (b.condition.context ? 1 : 0) - (a.condition.context ? 1 : 0) ||
    (b.condition.filters ? 1 : 0) - (a.condition.filters ? 1 : 0)
  )
}

function matchCondition(
  condition: RuleCondition,
  queryWords: readonly string[],
  search: RuleSearch,
  filters: ReadonlySet<string>,
  matcher: WordMatcher,
  facetValuesOf: (attribute: string) => ReadonlyMap<string, string>,
): Omit<RuleMatch, 'rule'> | undefined {
  if (condition.context !== undefined && !search.ruleContexts.includes(condition.context)) return undefined
  if (condition.filters !== undefined) {
    const wanted = conditionFilters(condition.filters)
    if (!wanted.every((filter) => filters.has(filter))) return undefined
  }
  if (condition.pattern === undefined) return { condition, start: 0, end: 0, facets: [] }
  const tokens = tokensOf(condition.pattern)
  if (tokens.length === 0) {
    return queryWords.length === 0 ? { condition, start: 0, end: 0, facets: [] } : undefined
  }
  const anchoring = condition.anchoring ?? 'is'
  const n = queryWords.length
  const alternatives = condition.alternatives === true
  for (let start = 0; start < n; start++) {
    if ((anchoring === 'is' || anchoring === 'startsWith') && start > 0) break
    const found = matchAt(tokens, 0, queryWords, start, [], alternatives, matcher, facetValuesOf)
    for (const { end, facets } of found) {
      if ((anchoring === 'is' || anchoring === 'endsWith') && end !== n) continue
      return { condition, start, end, facets }
    }
  }
  return undefined
}

/** Every way the tokens from `t` on match the query words from `w` on, longest first. */
function matchAt(
  tokens: readonly Token[],
  t: number,
  queryWords: readonly string[],
  w: number,
  facets: FacetMatch[],
  alternatives: boolean,
  matcher: WordMatcher,
  facetValuesOf: (attribute: string) => ReadonlyMap<string, string>,
): { end: number; facets: FacetMatch[] }[] {
  const token = tokens[t]
  if (token === undefined) return [{ end: w, facets }]
  if ('word' in token) {
    const word = queryWords[w]
    if (word === undefined || !matcher.matches(word, token.word, alternatives)) return []
    return matchAt(tokens, t + 1, queryWords, w + 1, facets, alternatives, matcher, facetValuesOf)
  }
  const folded = facetValuesOf(token.facet)
  const out: { end: number; facets: FacetMatch[] }[] = []
  for (let end = queryWords.length; end > w; end--) {
    const value = folded.get(queryWords.slice(w, end).join(' '))
    if (value === undefined) continue
    const next = [...facets, { facet: token.facet, value, start: w, end }]
    out.push(...matchAt(tokens, t + 1, queryWords, end, next, alternatives, matcher, facetValuesOf))
  }
  return out
}

/**
 * Word equality for patterns: folded equality; with `alternatives`, one step away: a typo (1 from
 * 4 letters, 2 from 8), a plural ending (-s, -e, -n, -en, -er) or a single-word synonym.
 */
class WordMatcher {
  readonly #list: readonly Synonym[]

  constructor(synonyms: readonly Synonym[]) {
    this.#list = synonyms
  }

  matches(queryWord: string, patternWord: string, alternatives: boolean): boolean {
    if (queryWord === patternWord) return true
    if (!alternatives) return false
    if (singleWordSynonyms(this.#list).get(queryWord)?.has(patternWord)) return true
    if (singular(queryWord) === singular(patternWord)) return true
    const length = Math.min(queryWord.length, patternWord.length)
    const maxTypos = length >= 8 ? 2 : length >= 4 ? 1 : 0
    return maxTypos > 0 && typoDistance(queryWord, patternWord, maxTypos, false) !== undefined
  }
}

/**
 * The single-word synonyms by folded word, made once per synonym list (the engine replaces its
 * list whole on every change, so a list is never seen changed), and only once a pattern asks for
 * alternatives.
 */
const synonymMaps = new WeakMap<readonly Synonym[], ReadonlyMap<string, ReadonlySet<string>>>()

function singleWordSynonyms(list: readonly Synonym[]): ReadonlyMap<string, ReadonlySet<string>> {
  const known = synonymMaps.get(list)
  if (known !== undefined) return known
  const map = new Map<string, Set<string>>()
  for (const synonym of list) {
    // Alternative corrections and placeholders are not synonyms of a word: patterns ignore them.
    if (synonym.type !== 'synonym' && synonym.type !== 'onewaysynonym') continue
    const targets = synonym.synonyms.map(fold).filter((word) => !word.includes(' '))
    const inputs = synonym.type === 'synonym' ? targets : [fold(synonym.input)]
    for (const input of inputs) {
      const set = map.get(input) ?? new Set()
      for (const target of targets) if (target !== input) set.add(target)
      map.set(input, set)
    }
  }
  synonymMaps.set(list, map)
  return map
}

function singular(word: string): string {
  for (const ending of ['en', 'er', 's', 'e', 'n']) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) return word.slice(0, -ending.length)
  }
  return word
}

/** `a:x AND b:"y z"` → ['a:x', 'b:y z'] (the only form Algolia allows in a condition). */
function conditionFilters(text: string): string[] {
  return text
    .split(/\s+AND\s+/i)
    .map((part) => part.trim().replace(/^\(|\)$/g, ''))
    .filter((part) => part !== '')
    .map((part) => foldFilter(part.replace(/:\s*"(.*)"$/, ':$1')))
}

function foldFilter(filter: string): string {
  const colon = filter.indexOf(':')
  if (colon < 0) return fold(filter.trim())
  return `${filter.slice(0, colon).trim()}:${fold(filter.slice(colon + 1).trim())}`
}
