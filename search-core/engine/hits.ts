// Building hits: the retrieved attributes, _highlightResult, _snippetResult and _rankingInfo.
import { getPath, splitPath } from './attributes.ts'
import { type Execution, exactWords, proximityKeys } from './execute.ts'
import { type HighlightOptions, highlightText, mapTree, snippetText, type TokenMatcher } from './highlight.ts'
import type { IndexData } from './index-data.ts'
import { ATTR_RANK_STRIDE } from './matcher.ts'
import type { KeyFn } from './ranking.ts'
import { Projection } from './record-store.ts'
import { matchedWords } from './relaxation.ts'
import type {
  HighlightResult,
  HighlightTree,
  Hit,
  RankingInfo,
  SearchRecord,
  SnippetResult,
} from './types.ts'
import { CAUSE, type CauseId, WORK_COSTS } from './work-budget.ts'

/** Attribute names split into paths once: every hit reads the same few. */
const paths = new Map<string, readonly string[]>()

function pathOf(name: string): readonly string[] {
  let path = paths.get(name)
  if (path === undefined) {
    path = splitPath(name)
    if (paths.size >= 1000) paths.clear()
    paths.set(name, path)
  }
  return path
}

export interface HitOptions {
  attributesToRetrieve: readonly string[]
  unretrievable: ReadonlySet<string>
  attributesToHighlight: readonly string[]
  attributesToSnippet: readonly string[]
  highlight: HighlightOptions
  rankingInfo: boolean
  /** The top-level attributes the lists above read; undefined when one of them is '*'. */
  projection?: Projection
}

/**
 * The top-level attributes a hit reads (retrieved, highlighted, snippeted), or undefined when a
 * list holds '*' and every attribute is needed. When the retrieved attributes are plain top-level
 * names, the projection also says which it returns, and a hit is decoded as its returned object
 * plus the values only highlighting reads (no second object to copy the first into).
 */
export function hitProjection(
  retrieved: readonly string[],
  others: readonly (readonly string[])[],
  unretrievable: ReadonlySet<string>,
): Projection | undefined {
  const names = new Set<string>()
  for (const list of [retrieved, ...others]) {
    for (const entry of list) {
      const name = entry.split(':')[0] ?? ''
      if (name === '*') return undefined
      // An exclusion only means something beside '*'.
      if (!name.startsWith('-')) names.add(pathOf(name)[0] ?? name)
    }
  }
  const plain = retrieved.every((name) => !/[.:*]/.test(name) && !name.startsWith('-'))
  const hidden = [...unretrievable].map((name) => pathOf(name))
  if (!plain || hidden.some((path) => path.length > 1 && retrieved.includes(path[0]!))) {
    return new Projection(names)
  }
  return new Projection(
    names,
    retrieved.filter((name) => !unretrievable.has(name)),
  )
}

/** attributesToRetrieve: names or dotted paths, '*' for all, '-name' to exclude with '*'. */
function retrieve(
  record: SearchRecord,
  all: boolean,
  list: readonly string[],
  paths: readonly (readonly string[])[],
  unretrievable: readonly (readonly string[])[],
): Hit {
  let out: Record<string, unknown> = {}
  if (all) {
    out = { ...record }
    for (const name of list) if (name.startsWith('-')) delete out[name.slice(1)]
  } else {
    for (const path of paths) {
      const value = getPath(record, path)
      if (value !== undefined) setPath(out, path, value)
    }
  }
  for (const path of unretrievable) deletePath(out, path)
  out.objectID = record.objectID
  return out as Hit
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!
    const next = node[key]
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[path[path.length - 1]!] = value
}

function deletePath(target: Record<string, unknown>, path: readonly string[]): void {
  let node: unknown = target
  for (let i = 0; i < path.length - 1; i++) {
    if (node === null || typeof node !== 'object') return
    node = (node as Record<string, unknown>)[path[i]!]
  }
  if (node !== null && typeof node === 'object')
    delete (node as Record<string, unknown>)[path[path.length - 1]!]
}

/** The record's own attributes, for a list that holds '*'. */
function everyAttribute(record: SearchRecord): string[] {
  return Object.keys(record).filter((k) => k !== 'objectID' && !k.startsWith('_'))
}

const isMatched = (r: HighlightResult | SnippetResult): boolean => r.matchLevel !== 'none'

/** Highlighted text charged at once: ~1 ms of work, so little goes uncharged before a refusal. */
const TEXT_PER_CHARGE = 10_000

/**
 * Builds the hits of one response: the options are resolved once (paths, per-attribute
 * highlighters, snippet sizes), not per hit, so a hit allocates little beyond what it returns.
 */
export class HitBuilder {
  readonly #data: IndexData
  readonly #exec: Execution
  readonly #matcher: TokenMatcher
  readonly #options: HitOptions
  readonly #retrieveAll: boolean
  readonly #retrievePaths: readonly (readonly string[])[]
  readonly #unretrievable: readonly (readonly string[])[]
  /** undefined: '*', every attribute of each record. */
  readonly #highlighted: readonly string[] | undefined
  readonly #snippeted: readonly { name: string; words: number }[]
  readonly #highlighters = new Map<string, (text: string) => HighlightResult>()
  readonly #snippeters = new Map<string, (text: string) => SnippetResult>()
  /** What building one hit costs before its record's bytes and text, and what that is for. */
  readonly #perHit: number
  readonly #hitCause: CauseId
  /** Text highlighted and snippeted since it was last charged. */
  #highlightedChars = 0
  #snippetedChars = 0

  constructor(data: IndexData, exec: Execution, matcher: TokenMatcher, options: HitOptions) {
    this.#data = data
    this.#exec = exec
    this.#matcher = matcher
    this.#options = options
    this.#retrieveAll = options.attributesToRetrieve.includes('*')
    this.#retrievePaths = this.#retrieveAll ? [] : options.attributesToRetrieve.map(pathOf)
    this.#unretrievable = [...options.unretrievable].map(pathOf)
    const highlight = options.attributesToHighlight
    this.#highlighted = highlight.includes('*')
      ? undefined
      : highlight.filter((name) => !options.unretrievable.has(name))
    this.#snippeted = options.attributesToSnippet.map((entry) => {
      const [name = '', size] = entry.split(':')
      return { name, words: size === undefined ? 10 : Math.max(1, Number.parseInt(size, 10) || 10) }
    })
    // Long attribute lists cost per hit: the longest one is what the hits' work is for.
    const parts: [number, CauseId][] = [
      [WORK_COSTS.hit, CAUSE.hitsPerPage],
      [(this.#highlighted?.length ?? 0) * WORK_COSTS.highlightAttribute, CAUSE.attributesToHighlight],
      [this.#snippeted.length * WORK_COSTS.highlightAttribute, CAUSE.attributesToSnippet],
      [options.attributesToRetrieve.length * WORK_COSTS.retrieveAttribute, CAUSE.attributesToRetrieve],
    ]
    let perHit = 0
    let largest = parts[0]!
    for (const part of parts) {
      perHit += part[0]
      if (part[0] > largest[0]) largest = part
    }
    this.#perHit = perHit
    this.#hitCause = largest[1]
  }

  #highlighter(name: string): (text: string) => HighlightResult {
    let fn = this.#highlighters.get(name)
    if (fn === undefined) {
      const matcher = this.#matcher
      const options = camelCaseOf(this.#data, name, this.#options.highlight)
      fn = (text) => {
        this.#highlightedChars += text.length
        return highlightText(text, matcher, options)
      }
      this.#highlighters.set(name, fn)
    }
    return fn
  }

  #snippeter(name: string, words: number): (text: string) => SnippetResult {
    const key = `${words}:${name}`
    let fn = this.#snippeters.get(key)
    if (fn === undefined) {
      const matcher = this.#matcher
      const options = camelCaseOf(this.#data, name, this.#options.highlight)
      fn = (text) => {
        this.#snippetedChars += text.length
        return snippetText(text, words, matcher, options)
      }
      this.#snippeters.set(key, fn)
    }
    return fn
  }

  /**
   * Charges building these hits before they are built: their lookups, records' bytes and attribute
   * lists. The text they highlight and snippet is charged as it goes (`build`) and at `finish`.
   */
  charge(slots: ArrayLike<number>): void {
    const store = this.#data.store
    let bytes = 0
    for (let i = 0; i < slots.length; i++) bytes += store.byteLength(slots[i]!)
    this.#data.budget.charge(slots.length * this.#perHit + bytes * WORK_COSTS.recordByte, this.#hitCause)
  }

  build(slot: number): Hit {
    const projection = this.#options.projection
    let hit: Hit | undefined
    if (projection?.returned !== undefined) {
      const parts = this.#data.store.getHitParts(slot, projection)
      if (parts !== undefined) hit = this.#fromParts(slot, parts)
    }
    hit ??= this.#fromRecord(slot)
    // A hit's text is bounded by its record; charged every TEXT_PER_CHARGE units of it.
    if (this.#highlightedChars + this.#snippetedChars > TEXT_PER_CHARGE) this.finish()
    return hit
  }

  /** Charges the text highlighted and snippeted since the last charge. */
  finish(): void {
    const budget = this.#data.budget
    if (this.#highlightedChars > 0)
      budget.charge(this.#highlightedChars * WORK_COSTS.highlightChar, CAUSE.attributesToHighlight)
    if (this.#snippetedChars > 0)
      budget.charge(this.#snippetedChars * WORK_COSTS.highlightChar, CAUSE.attributesToSnippet)
    this.#highlightedChars = 0
    this.#snippetedChars = 0
  }

  /** A hit decoded as its returned object plus the extras' values (plain retrieved names). */
  #fromParts(slot: number, parts: unknown[]): Hit {
    const hit = parts[0] as Hit
    hit.objectID = this.#data.store.ids[slot]!
    return this.#decorate(hit, slot, undefined, parts)
  }

  #fromRecord(slot: number): Hit {
    const data = this.#data
    const options = this.#options
    // A ranked slot is live.
    const record = options.projection ? data.recordSome(slot, options.projection)! : data.record(slot)!
    const hit = retrieve(
      record,
      this.#retrieveAll,
      options.attributesToRetrieve,
      this.#retrievePaths,
      this.#unretrievable,
    )
    return this.#decorate(hit, slot, record, undefined)
  }

  /**
   * The value at a path, from the whole (or projected) record, or else from the hit's parts: the
   * returned object or the extras beside it.
   */
  #valueOf(
    path: readonly string[],
    hit: Hit,
    record: SearchRecord | undefined,
    parts: unknown[] | undefined,
  ) {
    if (record !== undefined) return getPath(record, path)
    const projection = this.#options.projection!
    const top = path[0]!
    const value = projection.returned!.has(top) ? hit[top] : parts![1 + projection.extras.indexOf(top)]
    return getPath(value, path, 1)
  }

  /** Adds the highlights, snippets and ranking info to a hit. */
  #decorate(hit: Hit, slot: number, record: SearchRecord | undefined, parts: unknown[] | undefined): Hit {
    const options = this.#options
    const restrict = options.highlight.restrictArrays
    // '*' lists the record's own attributes (a hit read in parts never has '*').
    const every = () => (record === undefined ? [] : everyAttribute(record))
    let highlight: Record<string, HighlightTree<HighlightResult>> | undefined
    for (const name of this.#highlighted ?? every()) {
      if (options.unretrievable.has(name)) continue
      const path = pathOf(name)
      const value = this.#valueOf(path, hit, record, parts)
      const tree = mapTree(value, this.#highlighter(name), restrict, isMatched)
      if (tree === undefined) continue
      highlight ??= {}
      setPath(highlight, path, tree)
    }
    if (highlight !== undefined) hit._highlightResult = highlight
    let snippets: Record<string, HighlightTree<SnippetResult>> | undefined
    for (const { name, words } of this.#snippeted) {
      for (const attr of name === '*' ? every() : [name]) {
        if (options.unretrievable.has(attr)) continue
        const path = pathOf(attr)
        const value = this.#valueOf(path, hit, record, parts)
        const tree = mapTree(value, this.#snippeter(attr, words), restrict, isMatched)
        if (tree === undefined) continue
        snippets ??= {}
        setPath(snippets, path, tree)
      }
    }
    if (snippets !== undefined) hit._snippetResult = snippets
    if (options.rankingInfo) hit._rankingInfo = rankingInfo(this.#data, this.#exec, slot)
    return hit
  }
}

/** The highlight options of an attribute: camel-case parts for camelCaseAttributes. */
function camelCaseOf(data: IndexData, attribute: string, options: HighlightOptions): HighlightOptions {
  return data.camelCase.size > 0 && data.camelCase.has(attribute) ? { ...options, camelCase: true } : options
}

function rankingInfo(data: IndexData, exec: Execution, slot: number): RankingInfo {
  const { match, geo } = exec
  let typos = 0
  let first = Number.POSITIVE_INFINITY
  for (const s of match.scratch) {
    typos += s.flags[slot]! >> 2
    first = Math.min(first, s.attr[slot]!)
  }
  const info: RankingInfo = {
    nbTypos: typos,
    // Algolia encodes the best attribute and the word position in it as attribute * 1000 + position.
    firstMatchedWord:
      first === Number.POSITIVE_INFINITY
        ? 0
        : Math.floor(first / ATTR_RANK_STRIDE) * 1000 + (first % ATTR_RANK_STRIDE),
    proximityDistance: 0,
    userScore: data.custom.order.length - data.custom.rankOf.data[slot]!,
    geoDistance: 0,
    geoPrecision: 1,
    nbExactWords: match.scratch.length > 0 ? exactWords(match, slot, exec.exactSingle) : 0,
    words: exec.partial ? matchedWords(match, slot) : match.scratch.length,
    filters: exec.scores ? exec.scores.of(slot) : 0,
  }
  if (match.scratch.length > 1) info.proximityDistance = proximityOf(data, exec, slot)
  if (geo) {
    const d = geo.distance[slot]!
    if (d !== Number.POSITIVE_INFINITY) {
      info.geoDistance = Math.round(d)
      info.geoPrecision = geo.precisionAt(d)
      const k = geo.nearest[slot]!
      if (k >= 0) {
        info.matchedGeoLocation = {
          lat: data.geo.lat.data[k]!,
          lng: data.geo.lng.data[k]!,
          distance: Math.round(d),
        }
      }
    }
  }
  return info
}

const proximityFns = new WeakMap<Execution, KeyFn>()

function proximityOf(data: IndexData, exec: Execution, slot: number): number {
  let fn = proximityFns.get(exec)
  if (fn === undefined) {
    fn = proximityKeys(data, exec.match, exec.minProximity)
    proximityFns.set(exec, fn)
  }
  const keys = new Float64Array(1)
  fn(Int32Array.of(slot), keys)
  return keys[0]!
}
