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
 * list holds '*' and every attribute is needed.
 */
export function hitProjection(lists: readonly (readonly string[])[]): Projection | undefined {
  const names = new Set<string>()
  for (const list of lists) {
    for (const entry of list) {
      const name = entry.split(':')[0] ?? ''
      if (name === '*') return undefined
      // An exclusion only means something beside '*'.
      if (!name.startsWith('-')) names.add(pathOf(name)[0] ?? name)
    }
  }
  return new Projection(names)
}

/** attributesToRetrieve: names or dotted paths, '*' for all, '-name' to exclude with '*'. */
function retrieve(record: SearchRecord, list: readonly string[], unretrievable: ReadonlySet<string>): Hit {
  let out: Record<string, unknown> = {}
  if (list.includes('*')) {
    out = { ...record }
    for (const name of list) if (name.startsWith('-')) delete out[name.slice(1)]
  } else {
    for (const name of list) {
      const path = pathOf(name)
      const value = getPath(record, path)
      if (value !== undefined) setPath(out, path, value)
    }
  }
  for (const name of unretrievable) deletePath(out, pathOf(name))
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

function attributesOf(record: SearchRecord, list: readonly string[]): string[] {
  if (!list.includes('*')) return [...list]
  return Object.keys(record).filter((k) => k !== 'objectID' && !k.startsWith('_'))
}

/** The highlight options of an attribute: camel-case parts for camelCaseAttributes. */
function camelCaseOf(data: IndexData, attribute: string, options: HighlightOptions): HighlightOptions {
  return data.camelCase.size > 0 && data.camelCase.has(attribute) ? { ...options, camelCase: true } : options
}

export function buildHit(
  data: IndexData,
  exec: Execution,
  slot: number,
  matcher: TokenMatcher,
  options: HitOptions,
): Hit {
  // A ranked slot is live.
  const record = options.projection ? data.recordSome(slot, options.projection)! : data.record(slot)!
  const hit = retrieve(record, options.attributesToRetrieve, options.unretrievable)
  const highlight: Record<string, HighlightTree<HighlightResult>> = {}
  for (const name of attributesOf(record, options.attributesToHighlight)) {
    if (options.unretrievable.has(name)) continue
    const tree = mapTree<HighlightResult>(
      getPath(record, pathOf(name)),
      (text) => highlightText(text, matcher, camelCaseOf(data, name, options.highlight)),
      options.highlight.restrictArrays,
      (r) => r.matchLevel !== 'none',
    )
    if (tree !== undefined) setPath(highlight, pathOf(name), tree)
  }
  if (Object.keys(highlight).length > 0) hit._highlightResult = highlight
  const snippets: Record<string, HighlightTree<SnippetResult>> = {}
  for (const entry of options.attributesToSnippet) {
    const [name = '', size] = entry.split(':')
    const words = size === undefined ? 10 : Math.max(1, Number.parseInt(size, 10) || 10)
    for (const attr of attributesOf(record, [name])) {
      if (options.unretrievable.has(attr)) continue
      const tree = mapTree<SnippetResult>(
        getPath(record, pathOf(attr)),
        (text) => snippetText(text, words, matcher, camelCaseOf(data, attr, options.highlight)),
        options.highlight.restrictArrays,
        (r) => r.matchLevel !== 'none',
      )
      if (tree !== undefined) setPath(snippets, pathOf(attr), tree)
    }
  }
  if (Object.keys(snippets).length > 0) hit._snippetResult = snippets
  if (options.rankingInfo) hit._rankingInfo = rankingInfo(data, exec, slot)
  return hit
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
