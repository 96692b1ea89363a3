// The columns of one index: records (as bytes) by slot, text (forward index + postings), facets,
// numbers, geo, sort keys and the custom-ranking order. Slots are append-only; a removed record
// leaves a tombstone until the next compaction rebuilds everything from the live records.
import { Arena } from './arena.ts'
import {
  type FacetAttribute,
  getPath,
  leaves,
  parseFacetAttributes,
  parseSearchableAttributes,
  type SearchableAttribute,
  splitPath,
} from './attributes.ts'
import { type Bitset, clearBit, setBit } from './bitset.ts'
import { CustomOrder, parseSortSpec, type SortSpec } from './custom-order.ts'
import { Postings, packMeta, TermDictionary } from './dictionary.ts'
import { FacetColumn } from './facets.ts'
import { GeoColumn } from './geo.ts'
import { FoldedTokens, fold, germanVariant } from './normalize.ts'
import { appendNumbers, NumericColumn } from './numeric.ts'
import { splitCompound } from './query-language/decompound.ts'
import { parseRanking } from './ranking.ts'
import { type Projection, RecordStore } from './record-store.ts'
import { Scratch } from './scratch.ts'
import { SlotTable } from './slot-table.ts'
import { SortColumn } from './sort-column.ts'
import { TokenTable } from './token-table.ts'
import { camelCaseParts } from './tokenize.ts'
import type { IndexSettings, SearchRecord } from './types.ts'
import { align8, Int32Vec, permuteLists, release, releaseScratch, reserveFor, reserveScratch } from './vec.ts'
import { WorkBudget } from './work-budget.ts'

/** Records loaded before a bulk build sizes its forward index from them. */
const SIZING_SAMPLE = 2000
/** Array elements are kept apart so that proximity never pairs words of different elements. */
const ELEMENT_GAP = 8
const NOT_SEARCHED = new Set([
  'objectID',
  '_geoloc',
  '_tags',
  '_highlightResult',
  '_snippetResult',
  '_rankingInfo',
])

export class IndexData {
  readonly store = new RecordStore()
  readonly scratch = new Scratch()
  /**
   * The budget of the search under way, set by each search entry point (searches are synchronous,
   * like the scratch buffers' use): the loops a request's parameters lengthen charge it.
   */
  budget = WorkBudget.unlimited()
  readonly slotOf = new SlotTable(this.store.ids)
  alive: Bitset = new Uint32Array(1)
  live = 0
  /** Bumped on every write: caches keyed on it (the all-live list) stay correct. */
  version = 0

  readonly dict = new TermDictionary()
  readonly postings = new Postings()
  /** The forward index: per slot, where its entries start in `fwd` (the slot after: where they end). */
  readonly fwdOff = new Int32Vec()
  /**
   * The forward index's entries, two numbers each: a term and its metadata (`packMeta`). Side by
   * side, a list is one read at random where two arrays were two (reordering the lists of a
   * million records took ~4x as long), and a scan of a record's words reads one array.
   */
  readonly fwd = new Int32Vec()
  /** Raw record word → folded term id (its German variant interned beside it). */
  readonly #rawTerms = new TokenTable()
  /**
   * Term id → where its compound parts (decompoundedAttributes) lie in #parts, plus two (0: not
   * split yet, 1: it does not split). Numbers, not an array of arrays: one is read per word
   * indexed, and the array of arrays cost a cache miss more (~0.2 s of a 1M build).
   */
  readonly #partsAt = new Int32Vec()
  /** The compound parts of terms, each as its count and then its ids. */
  readonly #parts = new Int32Vec()

  /** Searchable attributes; grows as attributes are discovered when the setting is empty. */
  readonly searchable: SearchableAttribute[]
  readonly searchAll: boolean
  readonly #attrIndex = new Map<string, number>()
  /** Attributes whose German compounds are also indexed as their parts (decompoundedAttributes). */
  readonly #decompounded: ReadonlySet<string>
  /** numericAttributesForFiltering: attribute → equality only; undefined: every numeric attribute. */
  readonly #numericFiltering: ReadonlyMap<string, boolean> | undefined
  /** camelCaseAttributes: their words are also indexed as their camel-case parts. */
  readonly camelCase: ReadonlySet<string>
  readonly facetAttributes: FacetAttribute[]
  readonly facets = new Map<string, FacetColumn>()
  /** The column of each facet attribute, in their order. */
  readonly #facetColumns: FacetColumn[]
  readonly tags = new FacetColumn('_tags', true)
  /** Numeric columns for every attribute path that ever held a number (numeric filters). */
  readonly #numeric = new Map<string, NumericColumn>()
  readonly geo = new GeoColumn()
  readonly custom: CustomOrder
  readonly sortColumns = new Map<string, SortColumn>()
  readonly distinct: FacetColumn | undefined
  readonly #distinctPath: string[] | undefined
  /** Slots appended since the last bulk build (their postings live in the tails). */
  appended = 0

  /** separatorsToIndex: characters indexed as words of their own. */
  readonly separators: string

  constructor(settings: IndexSettings) {
    this.separators = settings.separatorsToIndex ?? ''
    const searchable = parseSearchableAttributes(settings.searchableAttributes)
    this.searchAll = searchable === undefined
    this.searchable = searchable ?? []
    this.searchable.forEach((a, i) => {
      this.#attrIndex.set(a.name, i)
    })
    const german = settings.decompoundedAttributes?.de
    this.#decompounded = new Set(Array.isArray(german) ? german : [])
    this.camelCase = new Set(settings.camelCaseAttributes ?? [])
    const numeric = settings.numericAttributesForFiltering ?? []
    this.#numericFiltering =
      numeric.length === 0
        ? undefined
        : new Map(
            numeric.map((entry) => {
              const equalOnly = /^equalOnly\((.+)\)$/.exec(entry.trim())
              return [equalOnly ? equalOnly[1]!.trim() : entry.trim(), equalOnly !== null] as const
            }),
          )
    this.facetAttributes = parseFacetAttributes(settings.attributesForFaceting)
    for (const f of this.facetAttributes) this.facets.set(f.name, new FacetColumn(f.name))
    this.#facetColumns = this.facetAttributes.map((f) => this.facets.get(f.name)!)
    this.custom = new CustomOrder(
      (settings.customRanking ?? []).map((e) => parseSortSpec(e, 'customRanking')),
    )
    for (const c of parseRanking(settings.ranking)) {
      if (c.kind === 'sort') this.sortColumns.set(sortId(c.spec), new SortColumn(c.spec))
    }
    if (settings.attributeForDistinct) {
      this.distinct = new FacetColumn(settings.attributeForDistinct, true)
      this.#distinctPath = splitPath(settings.attributeForDistinct)
    }
    this.fwdOff.push(0)
  }

  get slots(): number {
    return this.store.slots
  }

  /**
   * Loads records into a fresh index: slots in custom-ranking order, postings built in one pass.
   * Of records sharing an objectID the last one given wins (as in a batch of saves).
   *
   * The records are read in the order given, which is mostly the order they lie in memory, and
   * the finished columns are then put in custom-ranking order: reading a million records in
   * ranking order instead (random in memory) took twice as long, each record a cache miss.
   */
  bulkLoad(records: readonly SearchRecord[]): void {
    const large = records.length > 4 * SIZING_SAMPLE
    this.#ensureAlive(records.length)
    if (!large) this.#reserveColumns(records.length, undefined, false)
    // Slot i holds records[i] until the columns are reordered; a record replaced by a later one
    // with its objectID is left out then.
    const replaced = new Uint8Array(records.length)
    let replacedCount = 0
    for (let i = 0; i < records.length; i++) {
      if (i + 1 === SIZING_SAMPLE && large) this.#reserveForAll(records.length)
      const record = records[i]!
      const earlier = this.slotOf.get(record.objectID)
      if (earlier !== undefined) {
        replaced[earlier] = 1
        replacedCount++
      }
      this.#appendSlot(record, false)
    }
    const order = new Int32Array(records.length - replacedCount)
    let kept = 0
    for (const i of this.custom.slotOrder()) if (replaced[i] === 0) order[kept++] = i
    this.#permute(order)
    release(order)
    this.postings.build(this.dict.terms.length, this.fwdOff, this.fwd, this.dict.variantOf)
    this.custom.fromSlots(this.allLive())
    // The sorted dictionary (prefixes, typos) is part of the build, not of the first query.
    this.dict.sorted()
    this.#trim()
    this.appended = 0
    this.version++
  }

  /**
   * Once a sample of a bulk load is in, sizes every column for all its records, in one buffer
   * (see arena.ts), and the buffer the reorders share: growing by doubling allocates twice the
   * final size, and all in one go the build's later steps allocate nothing large outside the JS
   * heap that they did not give back first (each 64 MB more would bring a full collection).
   */
  #reserveForAll(count: number): void {
    const arena = new Arena()
    this.#reserveColumns(count, arena)
    // Both buffers before the columns fill theirs: a collection started by the first may end
    // during that, and what is allocated after it counts towards the next one.
    arena.allocate()
    // The largest reorder's: the forward index's offsets, list starts and entries (as reserveFor
    // sizes the entries).
    const numbers = Math.ceil((this.fwd.length / this.slots) * count * 1.05)
    reserveScratch(align8(4 * (count + 1)) + align8(4 * count) + align8(4 * numbers))
    this.#reserveColumns(count, arena)
  }

  /** Sizes the columns for `count` records: the one-entry-per-slot ones, or all from the sample. */
  #reserveColumns(count: number, arena?: Arena, all = true): void {
    this.fwdOff.reserve(count + 1, arena)
    this.store.reserve(count, arena)
    this.slotOf.reserve(count, arena)
    if (!all) return
    const slots = this.slots
    reserveFor(this.fwd, slots, count, arena)
    this.postings.reserveFor(this.fwd, this.dict.variantOf, count / slots, arena)
    const columns = [...this.facets.values(), this.tags, this.distinct, this.geo, this.custom]
    for (const column of [...columns, ...this.#numeric.values(), ...this.sortColumns.values()])
      column?.reserve(count, arena)
    // A little under the estimate: the rest, if any, goes to ordinary chunks, so none is wasted.
    this.store.reserveBytes(Math.floor((this.store.bytes / slots) * (count - slots) * 0.98), arena)
  }

  /** Slot k becomes what slot order[k] was, in every column; slots not in `order` are dropped. */
  #permute(order: Int32Array): void {
    const slots = this.slots
    const newSlot = new Int32Array(slots).fill(-1)
    order.forEach((slot, k) => {
      newSlot[slot] = k
    })
    this.store.permute(order)
    permuteLists(this.fwdOff, [this.fwd], order)
    for (const column of this.facets.values()) column.permute(order)
    this.tags.permute(order)
    this.distinct?.permute(order)
    for (const column of this.#numeric.values()) column.permute(order, slots)
    this.geo.permute(order)
    this.custom.permute(order, newSlot)
    for (const column of this.sortColumns.values()) column.permute(order)
    releaseScratch()
    this.slotOf.renumber(newSlot)
    release(newSlot)
    this.alive.fill(0)
    for (let slot = 0; slot < order.length; slot++) setBit(this.alive, slot)
    this.live = order.length
  }

  /** Gives back the room that growing by doubling reserved in the per-slot columns. */
  #trim(): void {
    for (const column of [this.fwdOff, this.fwd]) column.trim()
    for (const column of this.#numeric.values()) {
      column.off.trim()
      column.values.trim()
    }
    this.store.trim()
    this.postings.trim()
    this.geo.trim()
    this.custom.trim()
  }

  /** Appends records after the bulk build: postings go to per-term tails, order is merged. */
  append(records: readonly SearchRecord[]): void {
    this.#ensureAlive(this.slots + records.length)
    const slots: number[] = []
    for (const record of records) slots.push(this.#appendSlot(record, true))
    this.custom.insert(slots)
    this.appended += records.length
    this.version++
  }

  remove(objectID: string): boolean {
    const slot = this.slotOf.get(objectID)
    if (slot === undefined) return false
    this.#drop(slot)
    this.custom.remove(slot)
    return true
  }

  /** Removes records by objectID, the custom-ranking order updated once for all of them. */
  removeMany(objectIDs: Iterable<string>): void {
    const slots: number[] = []
    for (const id of objectIDs) {
      const slot = this.slotOf.get(id)
      if (slot === undefined) continue
      this.#drop(slot)
      slots.push(slot)
    }
    this.custom.removeMany(slots)
  }

  #drop(slot: number): void {
    this.slotOf.delete(this.store.ids[slot]!)
    this.store.remove(slot)
    clearBit(this.alive, slot)
    this.live--
    this.version++
  }

  get dead(): number {
    return this.slots - this.live
  }

  record(slot: number): SearchRecord | undefined {
    return this.store.get(slot)
  }

  /** The record with only the projection's top-level attributes decoded (and its objectID). */
  recordSome(slot: number, projection: Projection): SearchRecord | undefined {
    const some = this.store.getSome(slot, projection)
    if (some === undefined) return undefined
    some.objectID = this.store.ids[slot]
    return some as SearchRecord
  }

  #ensureAlive(slots: number): void {
    const words = (slots + 31) >>> 5
    if (words <= this.alive.length) return
    const next = new Uint32Array(Math.max(words, this.alive.length * 2))
    next.set(this.alive)
    this.alive = next
  }

  #appendSlot(record: SearchRecord, incremental: boolean): number {
    const slot = this.store.append(record)
    this.slotOf.set(record.objectID, slot)
    setBit(this.alive, slot)
    this.live++
    this.#indexText(slot, record, incremental)
    const facets = this.#facetColumns
    for (let i = 0; i < facets.length; i++) {
      const path = this.facetAttributes[i]!.path
      facets[i]!.appendValue(path.length === 1 ? record[path[0]!] : getPath(record, path), incremental)
    }
    this.tags.appendValue(record._tags, incremental)
    appendNumbers(this.#numeric, slot, record)
    this.geo.append(record._geoloc)
    this.custom.appendSlot(record)
    for (const column of this.sortColumns.values()) column.append(record)
    if (this.distinct && this.#distinctPath) {
      const v = getPath(record, this.#distinctPath)
      this.distinct.appendValue(v === undefined || v === null ? undefined : JSON.stringify(v), incremental)
    }
    return slot
  }

  #indexText(slot: number, record: SearchRecord, incremental: boolean): void {
    if (this.searchAll) {
      for (const key of Object.keys(record)) {
        if (!NOT_SEARCHED.has(key) && !this.#attrIndex.has(key)) {
          this.#attrIndex.set(key, this.searchable.length)
          this.searchable.push({ name: key, path: [key], rank: this.searchable.length, unordered: false })
        }
      }
    }
    for (let a = 0; a < this.searchable.length; a++) {
      const attr = this.searchable[a]!
      const value = attr.path.length === 1 ? record[attr.path[0]!] : getPath(record, attr.path)
      if (value === undefined || value === null) continue
      if (typeof value === 'string') {
        this.#indexValue(slot, a, value, 0, incremental)
        continue
      }
      let position = 0
      for (const leaf of leaves(value)) {
        if (typeof leaf === 'boolean') continue
        position = this.#indexValue(
          slot,
          a,
          typeof leaf === 'string' ? leaf : String(leaf),
          position,
          incremental,
        )
        position += ELEMENT_GAP
      }
    }
    this.fwdOff.push(this.fwd.length)
  }

  #indexValue(slot: number, attr: number, text: string, position: number, incremental: boolean): number {
    const name = this.searchable[attr]!.name
    const camel = this.camelCase.size > 0 && this.camelCase.has(name)
    const decompound = this.#decompounded.size > 0 && this.#decompounded.has(name)
    const table = this.#rawTerms
    const count = table.scan(text, this.separators)
    const sole = count === 1
    let pos = position
    for (let k = 0; k < count; k++) {
      let term = table.ids[k]!
      const token = term < 0 || camel ? text.slice(table.starts[k]!, table.ends[k]!) : ''
      // A word met the first time is added in order, as the terms' ids have always been handed out.
      if (term < 0) term = table.valueOf(token, this.#addTerm)
      this.#posting(slot, term, packMeta(attr, pos, sole), incremental)
      // Camel-case parts sit at the word's position too: "case" finds "iPhoneCase".
      for (const part of (camel && camelCaseParts(token)) || [])
        this.#posting(slot, table.valueOf(part, this.#addTerm), packMeta(attr, pos, false), incremental)
      // A compound's parts sit at its position, so "haupt bahnhof" is as close as "hauptbahnhof".
      const at = decompound ? this.#compoundParts(term) : -1
      for (let p = at + 1, parts = this.#parts.data; at >= 0 && p <= at + parts[at]!; p++)
        this.#posting(slot, parts[p]!, packMeta(attr, pos, false), incremental)
      pos++
    }
    return pos
  }

  /** Where a term's compound parts lie in #parts (interned the first time), or -1. */
  #compoundParts(term: number): number {
    const known = term < this.#partsAt.length ? this.#partsAt.data[term]! : 0
    if (known !== 0) return known - 2
    const split = splitCompound(this.dict.terms[term]!)
    const at = split === undefined ? -1 : this.#parts.length
    if (split !== undefined) {
      const ids = split.map((part) => this.dict.intern(part))
      this.#parts.push(ids.length)
      for (const id of ids) this.#parts.push(id)
    }
    while (this.#partsAt.length <= term) this.#partsAt.push(0)
    this.#partsAt.data[term] = at + 2
    return at
  }

  #posting(slot: number, term: number, meta: number, incremental: boolean): void {
    this.fwd.push(term)
    this.fwd.push(meta)
    if (incremental) {
      this.postings.append(term, slot, meta)
      const variant = this.dict.variantOf.data[term]!
      if (variant >= 0) this.postings.append(variant, slot, meta)
    }
  }

  /** A raw word's term: its fold interned, and its German variant beside it. */
  readonly #addTerm = (token: string): number => {
    const id = this.dict.intern(fold(token))
    const variant = germanVariant(token)
    if (variant !== undefined) {
      const v = this.dict.intern(variant)
      if (v !== id) this.dict.variantOf.data[id] = v
    }
    return id
  }

  /** The numeric column of an attribute path (empty when no record ever had a number there). */
  /** Whether numeric filters on the attribute apply (`equality`: the filter is = or !=). */
  numericFilterable(attribute: string, equality: boolean): boolean {
    if (this.#numericFiltering === undefined) return true
    const equalOnly = this.#numericFiltering.get(attribute)
    return equalOnly !== undefined && (equality || !equalOnly)
  }

  numeric(attribute: string): NumericColumn {
    const column = this.#numeric.get(attribute)
    if (column) {
      column.padTo(this.slots)
      return column
    }
    const empty = new NumericColumn(splitPath(attribute))
    empty.padTo(this.slots)
    return empty
  }

  sortColumn(spec: SortSpec): SortColumn | undefined {
    return this.sortColumns.get(sortId(spec))
  }

  /**
   * Adds the column of a sort criterion this data's own settings do not rank by (a replica that
   * shares this data ranks by it), filled from the records already in; later writes keep it.
   */
  ensureSortColumn(spec: SortSpec): void {
    const id = sortId(spec)
    if (this.sortColumns.has(id)) return
    const column = new SortColumn(spec)
    // Every slot gets a key, a removed record's too (as missing), so that slots stay aligned.
    for (let slot = 0; slot < this.slots; slot++) column.append(this.store.get(slot))
    this.sortColumns.set(id, column)
  }

  /** Record words as highlighting folds them, across queries (hits repeat their words). */
  readonly foldedTokens = new FoldedTokens()

  #allLive: { version: number; list: Int32Array } | undefined
  /** Facet counts over every live record, per column, for the version they were counted at. */
  #countsOfAll = new Map<FacetColumn, Int32Array>()
  #countsVersion = -1

  /** The counts `keepCountsOfAll` kept for this column, unless a write came since. */
  countsOfAll(column: FacetColumn): Int32Array | undefined {
    if (this.#countsVersion !== this.version) return undefined
    return this.#countsOfAll.get(column)
  }

  keepCountsOfAll(column: FacetColumn, counts: Int32Array): void {
    if (this.#countsVersion !== this.version) {
      this.#countsOfAll = new Map()
      this.#countsVersion = this.version
    }
    this.#countsOfAll.set(column, counts)
  }

  /** Live slots ascending, cached until the next write. */
  allLive(): Int32Array {
    if (this.#allLive?.version === this.version) return this.#allLive.list
    const list = new Int32Array(this.live)
    let k = 0
    for (let s = 0; s < this.slots; s++) if (this.store.has(s)) list[k++] = s
    this.#allLive = { version: this.version, list }
    return list
  }
}

/** A sort criterion's name, as the ranking writes it: its column's key. */
export function sortId(spec: SortSpec): string {
  return `${spec.desc ? 'desc' : 'asc'}(${spec.attribute})`
}
