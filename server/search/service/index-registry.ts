// The engines in memory, one per stored index, and the invariant that keeps them equal to the
// store: every write (a task being applied) runs in one SQLite transaction that also applies the
// change to the engines; if anything throws, the transaction rolls back and the touched engines
// (with their replicas) are rebuilt from the store. With `recordChanges`, every change to the
// engines is also kept as a list (engine-changes.ts) that other processes serving the same store
// replay on their own engines (`replay`).

import type { IndexSettings, Rule, SearchIndexApi } from '../../../search-core/index.ts'
import { indexDoesNotExist, replicaNames, SearchIndex } from '../../../search-core/index.ts'
import type { SearchStore, StoredIndex } from '../store/search-store.ts'
import { type EngineChange, RecordingEngine } from './engine-changes.ts'

export type IndexFactory = (settings: IndexSettings) => SearchIndexApi

export interface WriteResult {
  taskID: number
  at: string
}

export class IndexRegistry {
  readonly store: SearchStore
  readonly #factory: IndexFactory
  readonly #engines = new Map<string, SearchIndexApi>()
  // Each index's rules beside its engine: built, rebuilt and forgotten with it.
  readonly #rules = new Map<string, Rule[]>()
  /** The engine changes since the last takeChanges(), when they are recorded. */
  #changes: EngineChange[] | undefined
  /** Counts what may change an answer (writes, replays, builds, rules): equal counts, equal answers. */
  #generation = 0

  constructor(
    store: SearchStore,
    factory: IndexFactory = (settings) => new SearchIndex(settings),
    options: { recordChanges?: boolean } = {},
  ) {
    this.store = store
    this.#factory = factory
    if (options.recordChanges) this.#changes = []
  }

  /** Changes whenever an engine or a rule set may have: what is derived from them is cached by it. */
  get generation(): number {
    return this.#generation
  }

  /** The engine changes made since the last call (empty unless changes are recorded). */
  takeChanges(): EngineChange[] {
    if (!this.#changes) return []
    const changes = this.#changes
    this.#changes = []
    return changes
  }

  /**
   * Makes the changes another process recorded on this process's engines. A build reads the store,
   * which may already hold later writes: their own changes follow in later lists and set the same
   * values again, so the engines end where the writer's did.
   */
  replay(changes: readonly EngineChange[]): void {
    this.#generation += 1
    for (const change of changes) {
      const name = change.index
      switch (change.kind) {
        case 'build':
          if (this.store.getIndex(name)) this.build(name)
          else this.forget(name)
          continue
        case 'forget':
          this.forget(name)
          continue
        case 'rules':
          this.setRules(name, change.rules)
          continue
      }
      const engine = this.#engines.get(name) ?? (this.store.getIndex(name) ? this.build(name) : undefined)
      if (!engine) continue
      if (change.kind === 'settings') engine.setSettings(change.settings)
      else if (change.kind === 'synonyms') engine.setSynonyms(change.synonyms)
      else if (change.kind === 'save') engine.save(change.records)
      else if (change.kind === 'remove') engine.remove(change.objectIDs)
      else engine.clear()
    }
  }

  /** Builds every index from the store (primaries first: replicas take their records). */
  load(): void {
    this.#generation += 1
    this.#engines.clear()
    this.#rules.clear()
    const indexes = this.store.listIndexes()
    for (const index of indexes) if (!index.settings.primary) this.build(index.name)
    for (const index of indexes) if (index.settings.primary) this.build(index.name)
    // Every process loads the store itself: loading is no change to pass on.
    this.takeChanges()
  }

  /** Runs a write in one transaction; on any error the touched engine indexes are rebuilt. */
  write<T>(touched: readonly string[], apply: () => T): T {
    const recorded = this.#changes?.length ?? 0
    this.#generation += 1
    try {
      return this.store.transaction(apply)
    } catch (error) {
      // The rolled-back changes never happened: the rebuilds below are what other processes replay.
      this.#changes?.splice(recorded)
      const names = new Set(touched)
      for (const name of touched)
        for (const replica of replicaNames(this.store.getIndex(name)?.settings.replicas)) names.add(replica)
      // Primaries first: a replica takes its records from its primary's engine.
      const ordered = [...names].sort((a, b) => Number(this.#isReplica(a)) - Number(this.#isReplica(b)))
      for (const name of ordered) {
        if (this.store.getIndex(name)) this.build(name)
        else this.forget(name)
      }
      throw error
    }
  }

  /** Throws what an engine would throw for these settings, without touching any index. */
  probeSettings(settings: IndexSettings): void {
    this.#factory(settings)
  }

  /** Compacts one engine that has collected enough tombstones; false when none needed it. */
  compactOne(): boolean {
    for (const engine of this.#engines.values()) if (engine.compact?.()) return true
    return false
  }

  requireIndex(name: string): StoredIndex {
    const index = this.store.getIndex(name)
    if (!index) throw indexDoesNotExist()
    return index
  }

  /** The engine of an index, or undefined when it has none. */
  find(name: string): SearchIndexApi | undefined {
    return this.#engines.get(name)
  }

  /** The engine of an index that must exist. */
  engine(name: string): SearchIndexApi {
    const engine = this.#engines.get(name)
    if (!engine) throw indexDoesNotExist()
    return engine
  }

  /** The engine of an index that exists in the store, created empty if it was just created. */
  engineFor(name: string): SearchIndexApi {
    return this.#engines.get(name) ?? this.build(name)
  }

  forget(name: string): void {
    this.#generation += 1
    this.#engines.delete(name)
    this.#rules.delete(name)
    this.#changes?.push({ kind: 'forget', index: name })
  }

  /** The rules of an index as the search path applies them. */
  rulesOf(name: string): readonly Rule[] {
    return this.#rules.get(name) ?? []
  }

  /** The rules of every index with an engine, as searches apply them (in memory). */
  ruleSets(): IterableIterator<readonly Rule[]> {
    return this.#rules.values()
  }

  /** Call inside write(), after the store has them: a failed write rebuilds them from the store. */
  setRules(name: string, rules: Rule[]): void {
    this.#generation += 1
    this.#rules.set(name, rules)
    this.#changes?.push({ kind: 'rules', index: name, rules })
  }

  /** The index whose stored records an index shows: its primary for a replica. */
  recordsOf(name: string): string {
    return this.store.getIndex(name)?.settings.primary ?? name
  }

  /**
   * The engines that hold an index's records: its own and those of its replicas that keep a copy.
   * Every record write reaches all of them; a replica that reads its primary's records sees it there.
   */
  family(name: string): SearchIndexApi[] {
    const names = [name, ...replicaNames(this.store.getIndex(name)?.settings.replicas)]
    return names.map((member) => this.engineFor(member)).filter((engine) => !engine.sharesPrimaryRecords)
  }

  /**
   * (Re)builds an index's engine from the store. A replica reads its primary's records where the
   * engine allows (a sort replica: same data settings, its own ranking), else takes a copy of them.
   * A primary's new engine brings new engines for the replicas that read the old one.
   */
  build(name: string): SearchIndexApi {
    const index = this.requireIndex(name)
    this.#generation += 1
    const primary = index.settings.primary ? this.#engines.get(index.settings.primary) : undefined
    const engine = primary?.replica?.(index.settings) ?? this.#factory(index.settings)
    engine.setSynonyms(index.synonyms)
    this.#rules.set(name, index.rules)
    if (!engine.sharesPrimaryRecords) {
      const records = primary ? [...primary.records()] : [...this.store.records(this.recordsOf(name))]
      if (records.length > 0) engine.save(records)
    }
    const readers = replicaNames(index.settings.replicas).filter(
      (replica) => this.#engines.get(replica)?.sharesPrimaryRecords,
    )
    const changes = this.#changes
    let built = engine
    if (changes) {
      changes.push({ kind: 'build', index: name })
      built = new RecordingEngine(engine, name, (change) => this.#changes?.push(change))
    }
    this.#engines.set(name, built)
    for (const replica of readers) if (this.store.getIndex(replica)) this.build(replica)
    return built
  }

  #isReplica(name: string): boolean {
    return this.store.getIndex(name)?.settings.primary !== undefined
  }

  rebuildFamily(name: string): void {
    this.build(name)
    for (const replica of replicaNames(this.store.getIndex(name)?.settings.replicas)) {
      if (this.store.getIndex(replica)) this.build(replica)
    }
  }
}

export function now(): string {
  return new Date().toISOString()
}
