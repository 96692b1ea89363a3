// Algolia's filter syntaxes → the engine's FilterNode: the `filters` string grammar, and the
// array forms of facetFilters / numericFilters / tagFilters (outer list AND, inner list OR).
// Error messages follow Algolia's ("filters: Unexpected token ... expected ... at col N").
import type { FilterNode } from '../engine/types.ts'
import { type AlgoliaError, badRequest } from './algolia-error.ts'

type NumericOp = '<' | '<=' | '=' | '!=' | '>=' | '>'
const OPS = new Set<string>(['<', '<=', '=', '!=', '>=', '>'])

interface Token {
  kind: 'word' | 'string' | 'punct' | 'score' | 'end'
  text: string
  col: number
  /** Index just past the token in the input. */
  end: number
}

/** Filter scores (`company:Google<score=3>`): integers 0–65,535 that rank through the `filters` criterion. */
const SCORE = /^<score=(\d+)>/
const MAX_SCORE = 65_535

function scoreValue(digits: string, param: string): number {
  const score = Number(digits)
  if (score > MAX_SCORE) throw badRequest(`${param}: filter score ${digits} is above ${MAX_SCORE}`)
  return score
}

function tokenize(input: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < input.length) {
    const c = input[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '(' || c === ')' || c === ':') {
      out.push({ kind: 'punct', text: c, col: i, end: i + 1 })
      i++
      continue
    }
    const score = c === '<' ? SCORE.exec(input.slice(i)) : null
    if (score) {
      out.push({ kind: 'score', text: score[1]!, col: i, end: i + score[0].length })
      i += score[0].length
      continue
    }
    if (c === '<' || c === '>' || c === '=' || c === '!') {
      const two = input.slice(i, i + 2)
      const op = two === '<=' || two === '>=' || two === '!=' ? two : c
      out.push({ kind: 'punct', text: op, col: i, end: i + op.length })
      i += op.length
      continue
    }
    if (c === '"' || c === "'") {
      let j = i + 1
      let text = ''
      while (j < input.length && input[j] !== c) {
        if (input[j] === '\\' && j + 1 < input.length) j++
        text += input[j]
        j++
      }
      if (j >= input.length) throw syntax(`Unterminated string starting at col ${i}`)
      out.push({ kind: 'string', text, col: i, end: j + 1 })
      i = j + 1
      continue
    }
    // Quotes open a string only at the start of a token: "Men's" is one word.
    let j = i
    while (j < input.length && !/[\s():<>=!"]/.test(input[j]!)) j++
    out.push({ kind: 'word', text: input.slice(i, j), col: i, end: j })
    i = j
  }
  out.push({ kind: 'end', text: '', col: input.length, end: input.length })
  return out
}

function syntax(message: string): AlgoliaError {
  return badRequest(`filters: ${message}`)
}

function tokenLabel(t: Token): string {
  if (t.kind === 'end') return 'end of filter'
  if (t.kind === 'punct') return `'${t.text}'`
  return `string(${t.text})`
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'TO'])

class Parser {
  readonly #input: string
  readonly #tokens: Token[]
  #i = 0

  constructor(input: string) {
    this.#input = input
    this.#tokens = tokenize(input)
  }

  /**
   * An unquoted facet value runs over following words up to a keyword, a parenthesis or the next
   * `attribute:` (Algolia accepts `store:Gibert Joseph Saint-Michel`).
   */
  #unquotedValue(first: Token): Token {
    let last = first
    for (;;) {
      const t = this.#peek()
      const after = this.#tokens[this.#i + 1]
      if (t.kind !== 'word' || KEYWORDS.has(t.text)) break
      if (after?.kind === 'punct' && after.text !== ')' && after.text !== '(') break
      last = this.#next()
    }
    return last === first ? first : { ...first, text: this.#input.slice(first.col, last.end), end: last.end }
  }

  parse(): FilterNode {
    if (this.#peek().kind === 'end') return { type: 'and', children: [] }
    const node = this.#or()
    const t = this.#peek()
    if (t.kind !== 'end') this.#unexpected(t, 'end of filter')
    return node
  }

  // tokenize ends the list with an end token, and every rule that consumes it then fails.
  #peek(): Token {
    return this.#tokens[this.#i]!
  }

  #next(): Token {
    return this.#tokens[this.#i++]!
  }

  #isKeyword(word: string): boolean {
    const t = this.#peek()
    return t.kind === 'word' && t.text === word
  }

  #unexpected(t: Token, expected: string): never {
    if (t.kind === 'end') throw syntax(`Unexpected end of filter expected ${expected} at col ${t.col}`)
    throw syntax(`Unexpected token ${tokenLabel(t)} expected ${expected} at col ${t.col}`)
  }

  #or(): FilterNode {
    const first = this.#and()
    if (!this.#isKeyword('OR')) return first
    const children: FilterNode[] = [first]
    while (this.#isKeyword('OR')) {
      this.#next()
      children.push(this.#and())
    }
    for (const child of children) {
      if (child.type === 'and')
        throw syntax('filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed')
    }
    return { type: 'or', children: children.flatMap((c) => (c.type === 'or' ? c.children : [c])) }
  }

  #and(): FilterNode {
    const first = this.#unary()
    if (!this.#isKeyword('AND')) return first
    const children: FilterNode[] = [first]
    while (this.#isKeyword('AND')) {
      this.#next()
      children.push(this.#unary())
    }
    return { type: 'and', children: children.flatMap((c) => (c.type === 'and' ? c.children : [c])) }
  }

  #unary(): FilterNode {
    const t = this.#peek()
    if (t.kind === 'word' && t.text === 'NOT') {
      this.#next()
      const inner = this.#unary()
      if (inner.type === 'and' || inner.type === 'or') {
        throw syntax(`NOT cannot be applied to a group of filters at col ${t.col}`)
      }
      if (inner.type === 'not') return inner.child
      return { type: 'not', child: inner }
    }
    if (t.kind === 'punct' && t.text === '(') {
      this.#next()
      const inner = this.#or()
      const close = this.#peek()
      if (close.kind !== 'punct' || close.text !== ')') this.#unexpected(close, "')'")
      this.#next()
      return inner
    }
    const leaf = this.#filter()
    const score = this.#peek()
    if (score.kind !== 'score') return leaf
    this.#next()
    return { ...leaf, score: scoreValue(score.text, 'filters') } as FilterNode
  }

  #filter(): FilterNode {
    const first = this.#next()
    if (first.kind !== 'word' && first.kind !== 'string') this.#unexpected(first, 'filter')
    if (first.kind === 'word' && (first.text === 'AND' || first.text === 'OR' || first.text === 'TO')) {
      this.#unexpected(first, 'filter')
    }
    const t = this.#peek()
    if (t.kind === 'punct' && t.text === ':') {
      this.#next()
      const token = this.#next()
      if (token.kind !== 'word' && token.kind !== 'string') this.#unexpected(token, 'value')
      const value = token.kind === 'word' ? this.#unquotedValue(token) : token
      if (this.#isKeyword('TO')) {
        this.#next()
        const hi = this.#next()
        const lo = numberOf(value)
        const high = numberOf(hi)
        if (lo === undefined) this.#unexpected(value, 'numeric')
        if (high === undefined) this.#unexpected(hi, 'numeric')
        return { type: 'range', attribute: first.text, lo, hi: high }
      }
      return { type: 'facet', attribute: first.text, value: value.text }
    }
    if (t.kind === 'punct' && OPS.has(t.text)) {
      this.#next()
      const value = this.#next()
      const n = numberOf(value)
      if (n === undefined) this.#unexpected(value, 'numeric')
      return { type: 'numeric', attribute: first.text, op: t.text as NumericOp, value: n }
    }
    // A quoted "attribute:value" is a facet filter; any other lone word is a tag.
    if (first.kind === 'string') {
      const colon = first.text.indexOf(':')
      if (colon > 0)
        return { type: 'facet', attribute: first.text.slice(0, colon), value: first.text.slice(colon + 1) }
    }
    return { type: 'facet', attribute: '_tags', value: first.text }
  }
}

function numberOf(t: Token): number | undefined {
  if (t.kind !== 'word' && t.kind !== 'string') return undefined
  if (t.text.trim() === '') return undefined
  const n = Number(t.text)
  return Number.isFinite(n) ? n : undefined
}

/** Parses the `filters` parameter. */
export function parseFilters(input: string): FilterNode {
  return new Parser(input).parse()
}

/** A list parameter's shape: a string, or an array whose items are strings or arrays of strings. */
function groups(param: string, value: unknown): string[][] {
  let v = value
  if (typeof v === 'string') {
    const trimmed = v.trim()
    if (trimmed.startsWith('[')) {
      try {
        v = JSON.parse(trimmed)
      } catch {
        throw badRequest(`${param}: invalid JSON array`)
      }
    } else return legacyGroups(trimmed)
  }
  if (!Array.isArray(v)) throw badRequest(`${param}: expected a string or an array of strings`)
  return v.map((item) => {
    if (typeof item === 'string') return [item]
    // Algolia answers deeper nesting (["a", ["b", ["c"]]]) by OR-ing everything inside the group.
    const flat = Array.isArray(item) ? (item as unknown[]).flat(Number.POSITIVE_INFINITY) : undefined
    if (flat?.every((x) => typeof x === 'string')) return flat as string[]
    throw badRequest(`${param}: expected an array of strings or of arrays of strings`)
  })
}

/**
 * A list parameter (facetFilters, numericFilters, tagFilters) as its groups, ANDed, of filters,
 * ORed; empty entries are dropped, as they filter nothing.
 */
export function filterGroups(param: string, value: unknown): string[][] {
  return groups(param, value)
    .map((group) => group.filter((text) => text.trim() !== ''))
    .filter((group) => group.length > 0)
}

/** `attr:'a b'` and `attr:"a b"` name the value a b, as in the filters grammar. */
function unquote(value: string): string {
  const first = value[0]
  return value.length >= 2 && (first === '"' || first === "'") && value.endsWith(first)
    ? value.slice(1, -1)
    : value
}

/** The old string form: "a,b" is AND, "(a,b)" is OR. */
function legacyGroups(text: string): string[][] {
  const out: string[][] = []
  let i = 0
  while (i < text.length) {
    if (text[i] === ',' || text[i] === ' ') {
      i++
      continue
    }
    if (text[i] === '(') {
      const end = text.indexOf(')', i)
      const inner = text.slice(i + 1, end < 0 ? text.length : end)
      out.push(
        inner
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      )
      i = end < 0 ? text.length : end + 1
      continue
    }
    const end = text.indexOf(',', i)
    out.push([text.slice(i, end < 0 ? text.length : end).trim()])
    i = end < 0 ? text.length : end + 1
  }
  return out
}

function combine(groupsOfNodes: FilterNode[][]): FilterNode {
  const children = groupsOfNodes
    .filter((g) => g.length > 0)
    .map((g): FilterNode => (g.length === 1 ? g[0]! : { type: 'or', children: g }))
  return children.length === 1 ? children[0]! : { type: 'and', children }
}

/** A leading "-" negates; "\-" is a literal minus. */
function negation(value: string): { negated: boolean; value: string } {
  if (value.startsWith('\\-')) return { negated: false, value: value.slice(1) }
  if (value.startsWith('-')) return { negated: true, value: value.slice(1) }
  return { negated: false, value }
}

const SCORE_SUFFIX = /<score=(\d+)>$/

function facetLeaf(text: string, param = 'facetFilters'): FilterNode {
  const scored = SCORE_SUFFIX.exec(text)
  const body = scored ? text.slice(0, scored.index) : text
  const colon = body.indexOf(':')
  if (colon <= 0) throw badRequest(`${param}: "${text}" is not a facet filter (expected attribute:value)`)
  const attribute = body.slice(0, colon).trim()
  const { negated, value } = negation(body.slice(colon + 1))
  const leaf: FilterNode = { type: 'facet', attribute: unquote(attribute), value: unquote(value) }
  const node: FilterNode = negated ? { type: 'not', child: leaf } : leaf
  return scored ? { ...node, score: scoreValue(scored[1]!, param) } : node
}

export function facetFiltersToNode(value: unknown): FilterNode {
  return combine(groups('facetFilters', value).map((g) => g.map((text) => facetLeaf(text))))
}

/**
 * optionalFilters, in facetFilters' syntax (outer list AND, inner list OR, `-` negates,
 * `<score=N>` weighs): they rank the records that match them first and remove none.
 */
export function optionalFiltersToNode(value: unknown): FilterNode {
  return combine(
    groups('optionalFilters', value).map((g) => g.map((text) => facetLeaf(text, 'optionalFilters'))),
  )
}

const NUMERIC = /^\s*(.+?)\s*(<=|>=|!=|<|>|=)\s*(\S+)\s*$/
const RANGE = /^\s*(.+?)\s*:\s*(\S+)\s+TO\s+(\S+)\s*$/

function numericLeaf(text: string): FilterNode {
  const range = RANGE.exec(text)
  if (range) {
    const lo = Number(range[2])
    const hi = Number(range[3])
    if (Number.isFinite(lo) && Number.isFinite(hi)) return { type: 'range', attribute: range[1]!, lo, hi }
  }
  const m = NUMERIC.exec(text)
  if (m) {
    const n = Number(m[3])
    if (Number.isFinite(n)) return { type: 'numeric', attribute: m[1]!, op: m[2] as NumericOp, value: n }
  }
  throw badRequest(`numericFilters: Invalid syntax for numeric condition: ${text}`)
}

export function numericFiltersToNode(value: unknown): FilterNode {
  return combine(groups('numericFilters', value).map((g) => g.map(numericLeaf)))
}

function tagLeaf(text: string): FilterNode {
  const { negated, value } = negation(text)
  const leaf: FilterNode = { type: 'facet', attribute: '_tags', value }
  return negated ? { type: 'not', child: leaf } : leaf
}

export function tagFiltersToNode(value: unknown): FilterNode {
  return combine(groups('tagFilters', value).map((g) => g.map(tagLeaf)))
}
