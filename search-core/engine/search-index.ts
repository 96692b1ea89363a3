// SearchIndex: one Algolia-compatible index in memory (see types.ts for the contract and
// docs/search-engine.md for how the pieces fit).

import type { SortSpec } from './custom-order.ts'
import { distinctCandidates, distinctTotal, rankDistinct } from './distinct.ts'
import { execute, rankCandidates } from './execute.ts'
import { countFacets, facetHits, requestedFacets, searchableFacet } from './facet-results.ts'
import { TokenMatcher } from './highlight.ts'
import { HitBuilder, type HitOptions, hitProjection } from './hits.ts'
import { IndexData, sortId } from './index-data.ts'
import { MAX_FACET_HITS, MAX_VALUES_PER_FACET } from './limits.ts'
import { Matcher, type MatchOptions } from './matcher.ts'
import {
  clamp,
  DEFAULT_MAX_FACET_HITS,
  DEFAULT_MAX_VALUES_PER_FACET,
  distinctCount,
  matchOptions,
  pageWindow,
} from './options.ts'
import { mergePins, pinAndHide } from './pinning.ts'
import { type Criterion, parseRanking } from './ranking.ts'
import { hasHitWithAllWords } from './relaxation.ts'
import { DEFAULT_RELEVANCY_STRICTNESS, mostRelevant, relevantSortRanking } from './relevant-sort.ts'
import { type SynonymTable, synonymTable } from './synonyms.ts'
import {
  EngineError,
  type FacetSearchResult,
  type IndexSettings,
  type SearchIndexApi,
  type SearchParams,
  type SearchRecord,
  type SearchResult,
  type Synonym,
} from './types.ts'
import { CAUSE, WORK_COSTS, WorkBudget } from './work-budget.ts'

/** Compaction (a rebuild from the live records) is due once tombstones and appends pass this share. */
const COMPACT_RATIO = 0.25
const COMPACT_MIN = 1000
/**
 * A write compacts at once only past this share: below it the owner compacts when idle
 * (`compact()`), so a write costs its changed records, not a rebuild of every replica.
 */
const COMPACT_NOW_RATIO = 1

/**
 * The settings an index's data (records, text, facets, numbers, custom order) is built from. Two
 * indexes equal in these hold the same data for the same records; the others (ranking, typo
 * tolerance, highlighting, paging, …) apply at query time. `ranking` only adds sort columns.
 */
const DATA_SETTINGS = [
  'searchableAttributes',
  'attributesForFaceting',
  'customRanking',
  'attributeForDistinct',
  'separatorsToIndex',
  'decompoundedAttributes',
  'camelCaseAttributes',
  'numericAttributesForFiltering',
] as const satisfies ReadonlyArray<keyof IndexSettings>

function dataKey(settings: IndexSettings): string {
  return JSON.stringify(DATA_SETTINGS.map((name) => settings[name] ?? null))
}

function sortSpecs(ranking: readonly Criterion[]): SortSpec[] {
  return ranking.flatMap((criterion) => (criterion.kind === 'sort' ? [criterion.spec] : []))
}

export class SearchIndex implements SearchIndexApi {
  #settings: IndexSettings
  #ranking: Criterion[]
  /** This index's own data; undefined while it reads its primary's (see `replica`). */
  #ownData: IndexData | undefined
  #ownMatcher: Matcher | undefined
  /** The data settings of `#settings` (see DATA_SETTINGS). */
  #dataKey: string
  /** The primary whose data this replica reads, while their data settings agree. */
  #primary: SearchIndex | undefined
  /**
   * The sort criteria of the replicas that ever read this index's data: its rebuilds keep their
   * columns. Only the criteria are kept, never the replicas (they come and go with the registry).
   */
  readonly #replicaSorts = new Map<string, SortSpec>()
  #synonyms: SynonymTable = synonymTable([])
  #synonymList: readonly Synonym[] = []

  constructor(settings: IndexSettings = {}, primary?: SearchIndex) {
    this.#settings = { ...settings }
    this.#ranking = parseRanking(settings.ranking)
    this.#dataKey = dataKey(this.#settings)
    if (primary) {
      this.#primary = primary
      primary.#addSorts(this.#ranking)
    } else {
      this.#ownData = new IndexData(this.#settings)
      this.#ownMatcher = new Matcher(this.#ownData)
    }
    this.#synonyms = this.#synonymTableOf([], this.#settings)
  }

  get #data(): IndexData {
    const primary = this.#reading()
    return primary ? primary.#data : this.#ownData!
  }

  get #matcher(): Matcher {
    const primary = this.#reading()
    return primary ? primary.#matcher : this.#ownMatcher!
  }

  /**
   * The primary whose data this replica reads, if their data settings still agree. Once the
   * primary's changed, the replica takes its own copy of the records (the same records: only how
   * they are indexed differs) before anything reads or writes it.
   */
  #reading(): SearchIndex | undefined {
    const primary = this.#primary
    if (primary !== undefined && primary.#dataKey !== this.#dataKey) this.#detach()
    return this.#primary
  }

  /** Sort columns for a replica's ranking, in the current data and in every rebuild. */
  #addSorts(ranking: readonly Criterion[]): void {
    for (const spec of sortSpecs(ranking)) {
      this.#replicaSorts.set(sortId(spec), spec)
      this.#data.ensureSortColumn(spec)
    }
  }

  /**
   * An index for a replica with these settings that reads this index's records instead of a copy
   * of them (a sort replica differs only in its ranking): writes go to this index alone and the
   * replica sees them at once. Undefined when the settings build different data. The replica
   * takes its own copy as soon as either side's settings stop agreeing.
   */
  replica(settings: IndexSettings): SearchIndex | undefined {
    if (this.#primary || dataKey(settings) !== this.#dataKey) return undefined
    return new SearchIndex(settings, this)
  }

  /** Whether this index reads its primary's records (its writes go to the primary). */
  get sharesPrimaryRecords(): boolean {
    return this.#reading() !== undefined
  }

  /** A replica that no longer agrees with its primary's data settings takes its own copy. */
  #detach(): void {
    const primary = this.#primary
    if (!primary) return
    this.#primary = undefined
    this.#rebuild([...primary.records()])
  }

  #refuseShared(): void {
    if (this.#reading())
      throw new EngineError("This replica shows its primary index's records: write them there")
  }

  get size(): number {
    return this.#data.live
  }

  settings(): IndexSettings {
    return { ...this.#settings }
  }

  setSettings(settings: IndexSettings): void {
    const ranking = parseRanking(settings.ranking)
    const next = { ...settings }
    // Validates the attribute specs before anything changes.
    const probe = new IndexData(next)
    void probe
    const primary = this.#reading()
    this.#settings = next
    this.#ranking = ranking
    this.#dataKey = dataKey(next)
    this.#synonyms = this.#synonymTableOf(this.#synonymList, next)
    if (primary) {
      // A ranking of its own: the primary's data gets its sort columns. Other data: its own copy.
      if (primary.#dataKey === this.#dataKey) primary.#addSorts(ranking)
      else this.#detach()
      return
    }
    this.#rebuild([...this.records()])
  }

  setSynonyms(synonyms: Synonym[]): void {
    this.#synonyms = this.#synonymTableOf(synonyms, this.#settings)
    this.#synonymList = [...synonyms]
  }

  /** The index's synonyms and the groups of the old `synonyms` setting (regular synonyms). */
  #synonymTableOf(synonyms: readonly Synonym[], settings: IndexSettings): SynonymTable {
    const legacy = Array.isArray(settings.synonyms)
      ? (settings.synonyms as string[][]).map(
          (group, i): Synonym => ({ objectID: `settings-synonyms-${i}`, type: 'synonym', synonyms: group }),
        )
      : []
    return synonymTable([...synonyms, ...legacy], settings.separatorsToIndex ?? '')
  }

  /** The list itself, replaced whole on every change (callers may keep it, not change it). */
  synonyms(): readonly Synonym[] {
    return this.#synonymList
  }

  save(records: SearchRecord[]): void {
    this.#refuseShared()
    for (const record of records) {
      if (
        record === null ||
        typeof record !== 'object' ||
        typeof record.objectID !== 'string' ||
        record.objectID === ''
      ) {
        throw new EngineError('Each record needs a non-empty string objectID')
      }
    }
    const data = this.#data
    // Large batches rebuild (the bulk load keeps the last record per objectID).
    if (data.slots === 0 || records.length > Math.max(COMPACT_MIN, data.live * COMPACT_RATIO)) {
      this.#rebuild(data.slots === 0 ? records : [...this.records(), ...records])
      return
    }
    const batch = new Map<string, SearchRecord>()
    for (const record of records) batch.set(record.objectID, record)
    data.removeMany(batch.keys())
    data.append([...batch.values()])
    this.#maybeCompact()
  }

  remove(objectIDs: string[]): void {
    this.#refuseShared()
    this.#data.removeMany(objectIDs)
    this.#maybeCompact()
  }

  /** Whether tombstones and appended records are worth a compaction. */
  get needsCompaction(): boolean {
    return this.#reading() === undefined && this.#overCompactionRatio(COMPACT_RATIO)
  }

  compact(): boolean {
    if (!this.needsCompaction) return false
    this.#rebuild([...this.records()])
    return true
  }

  clear(): void {
    this.#refuseShared()
    this.#rebuild([])
  }

  get(objectID: string): SearchRecord | undefined {
    const slot = this.#data.slotOf.get(objectID)
    return slot === undefined ? undefined : this.#data.record(slot)
  }

  *records(): Iterable<SearchRecord> {
    const data = this.#data
    const order = data.custom.order
    for (let i = 0; i < order.length; i++) {
      const record = data.record(order.data[i]!)
      if (record !== undefined) yield record
    }
  }

  search(params: SearchParams): SearchResult {
    const started = performance.now()
    const data = this.#data
    data.scratch.release()
    data.budget = params.budget ?? WorkBudget.unlimited()
    const settings = this.#settings
    const options = this.#options(params)
    const all = execute(data, this.#matcher, params, options)
    const pins = pinAndHide(data, all, params)
    const matched = pins?.ranked ?? all
    const strictness = params.relevantSort ? this.#strictness(params) : undefined
    if (strictness !== undefined) {
      const words = matched.match.scratch.length
      data.budget.charge(matched.candidates.length * (words + 2) * WORK_COSTS.candidate, CAUSE.query)
    }
    // Relevant sort pages through the most relevant matches only; nbHits still counts them all.
    const exec = strictness === undefined ? matched : mostRelevant(matched, strictness)
    const ranking = this.#rankingFor(options, params)
    const window = pageWindow(params, settings)
    const distinct = distinctCount(params, settings)
    let nbHits = matched.candidates.length
    let nbShown = exec.candidates.length
    const end = Math.min(window.start + window.count, window.limit)
    let page: Int32Array = new Int32Array(0)
    if (distinct > 0) {
      const ranked = rankDistinct(data, exec, ranking, distinct, end)
      nbShown = ranked.total
      nbHits = exec === matched ? nbShown : distinctTotal(data, matched, distinct)
      page = pins ? mergePins(ranked.slots, pins.pinned, end) : ranked.slots
      page = page.slice(window.start, end)
    } else if (end > window.start) {
      page = rankCandidates(data, exec, ranking, end)
      if (pins) page = mergePins(page, pins.pinned, end)
      page = page.slice(window.start, end)
    }
    if (pins) {
      nbHits += pins.pinned.length
      nbShown += pins.pinned.length
    }
    const matcher = new TokenMatcher(data, exec.match)
    const hitBuilder = new HitBuilder(data, exec, matcher, this.#hitOptions(params))
    const pinnedSlots = new Set(pins?.pinned.map((pin) => pin.slot))
    const built = params.hitSlice ? page.subarray(params.hitSlice.start, params.hitSlice.end) : page
    hitBuilder.charge(built)
    const hits = Array.from(built, (slot) => {
      const hit = hitBuilder.build(slot)
      if (hit._rankingInfo && pinnedSlots.has(slot)) hit._rankingInfo.promoted = true
      return hit
    })
    hitBuilder.finish()

    const facetAttributes = requestedFacets(data, params.facets)
    const result: SearchResult = {
      hits,
      nbHits,
      page: window.page,
      nbPages: window.hitsPerPage > 0 ? Math.ceil(Math.min(nbShown, window.limit) / window.hitsPerPage) : 0,
      hitsPerPage: window.hitsPerPage,
      exhaustiveFacetsCount: true,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { facetsCount: true, nbHits: true, typo: true },
      processingTimeMS: 0,
      hitsWithAllWords: hasHitWithAllWords(matched),
    }
    if (window.offset !== undefined) {
      result.offset = window.offset
      result.length = window.length
    }
    if (strictness !== undefined) {
      result.nbSortedHits = nbShown
      result.appliedRelevancyStrictness = strictness
    }
    if (facetAttributes.length > 0) {
      const base = pins?.counted ?? all
      const counted =
        distinct > 0 && params.facetingAfterDistinct === true
          ? distinctCandidates(data, base, ranking, distinct)
          : base
      const { facets, stats } = countFacets(data, facetAttributes, counted.candidates, counted.bits, {
        max: clamp(
          params.maxValuesPerFacet ?? settings.maxValuesPerFacet ?? DEFAULT_MAX_VALUES_PER_FACET,
          1,
          MAX_VALUES_PER_FACET,
        ),
        sortBy: params.sortFacetValuesBy ?? settings.sortFacetValuesBy ?? 'count',
      })
      result.facets = facets
      if (Object.keys(stats).length > 0) result.facets_stats = stats
    } else if (params.facets !== undefined) result.facets = {}
    if (params.aroundLatLng) result.aroundLatLng = `${params.aroundLatLng.lat},${params.aroundLatLng.lng}`
    if (exec.geo?.automaticRadius !== undefined) result.automaticRadius = String(exec.geo.automaticRadius)
    if (settings.renderingContent) result.renderingContent = settings.renderingContent
    result.processingTimeMS = Math.round(performance.now() - started)
    return result
  }

  matchingObjectIDs(params: SearchParams): string[] {
    const data = this.#data
    data.scratch.release()
    data.budget = params.budget ?? WorkBudget.unlimited()
    const exec = execute(data, this.#matcher, params, this.#options(params))
    data.budget.charge(exec.candidates.length * WORK_COSTS.candidate, CAUSE.filters)
    const ids = data.store.ids
    return Array.from(exec.candidates, (slot) => ids[slot]!)
  }

  searchForFacetValues(
    facet: string,
    facetQuery: string,
    params: SearchParams & { maxFacetHits?: number },
  ): FacetSearchResult {
    const started = performance.now()
    this.#data.scratch.release()
    this.#data.budget = params.budget ?? WorkBudget.unlimited()
    const column = searchableFacet(this.#data, facet)
    const exec = execute(this.#data, this.#matcher, params, this.#options(params))
    const max = clamp(
      params.maxFacetHits ?? this.#settings.maxFacetHits ?? DEFAULT_MAX_FACET_HITS,
      1,
      MAX_FACET_HITS,
    )
    const tags = this.#tags(params)
    const facetHitList = facetHits(this.#data, column, exec.candidates, exec.bits, facetQuery, max, tags)
    return {
      facetHits: facetHitList,
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.round(performance.now() - started),
    }
  }

  #options(params: SearchParams): MatchOptions {
    return matchOptions(params, this.#settings, this.#synonyms)
  }

  /**
   * The query's ranking (or the index's); typoTolerance min/strict force the typo criterion first
   * (Algolia does the same); relevant sort puts the custom criteria first.
   */
  #rankingFor(options: MatchOptions, params: SearchParams = {}): Criterion[] {
    let ranking = params.ranking ? parseRanking(params.ranking) : this.#ranking
    if (params.wordsFirst) ranking = [{ kind: 'words' }, ...ranking.filter((c) => c.kind !== 'words')]
    if (options.typoTolerance === 'min' || options.typoTolerance === 'strict')
      ranking = [{ kind: 'typo' }, ...ranking.filter((c) => c.kind !== 'typo')]
    return params.relevantSort ? relevantSortRanking(ranking) : ranking
  }

  #strictness(params: SearchParams): number {
    const value = params.relevancyStrictness ?? this.#settings.relevancyStrictness
    return clamp(value ?? DEFAULT_RELEVANCY_STRICTNESS, 0, 100)
  }

  #tags(params: SearchParams): { pre: string; post: string } {
    return {
      pre: params.highlightPreTag ?? this.#settings.highlightPreTag ?? '<em>',
      post: params.highlightPostTag ?? this.#settings.highlightPostTag ?? '</em>',
    }
  }

  #hitOptions(params: SearchParams): HitOptions {
    const s = this.#settings
    const tags = this.#tags(params)
    const searchable = this.#data.searchAll ? ['*'] : [...new Set(this.#data.searchable.map((a) => a.name))]
    const attributesToRetrieve = params.attributesToRetrieve ?? s.attributesToRetrieve ?? ['*']
    const attributesToHighlight = params.attributesToHighlight ?? s.attributesToHighlight ?? searchable
    const attributesToSnippet = params.attributesToSnippet ?? s.attributesToSnippet ?? []
    const unretrievable = new Set(s.unretrievableAttributes ?? [])
    const projection = hitProjection(
      attributesToRetrieve,
      [attributesToHighlight, attributesToSnippet],
      unretrievable,
    )
    return {
      attributesToRetrieve,
      unretrievable,
      attributesToHighlight,
      attributesToSnippet,
      ...(projection ? { projection } : {}),
      highlight: {
        preTag: tags.pre,
        postTag: tags.post,
        ellipsis: params.snippetEllipsisText ?? s.snippetEllipsisText ?? '…',
        restrictArrays:
          params.restrictHighlightAndSnippetArrays ?? s.restrictHighlightAndSnippetArrays ?? false,
        replaceSynonyms: params.replaceSynonymsInHighlight ?? s.replaceSynonymsInHighlight ?? false,
      },
      rankingInfo: params.getRankingInfo === true,
    }
  }

  #rebuild(records: SearchRecord[]): void {
    const data = new IndexData(this.#settings)
    // The replicas that read this data rank by their own sort criteria too.
    for (const spec of this.#replicaSorts.values()) data.ensureSortColumn(spec)
    data.bulkLoad(records)
    this.#ownData = data
    this.#ownMatcher = new Matcher(data)
  }

  #maybeCompact(): void {
    if (this.#overCompactionRatio(COMPACT_NOW_RATIO)) this.#rebuild([...this.records()])
  }

  #overCompactionRatio(ratio: number): boolean {
    const data = this.#data
    return data.dead + data.appended > Math.max(COMPACT_MIN, data.slots * ratio)
  }
}
