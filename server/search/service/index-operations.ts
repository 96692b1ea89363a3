// Whole-index writes: settings (which also create and unlink replicas), copy, move (atomic
// reindex) and delete. Each is one registry write touching the index and its family.

import type { IndexSettings, Rule, Synonym } from '../../../search-core/index.ts'
import { DomainError, indexDoesNotExist, replicaNames } from '../../../search-core/index.ts'
import type { StoredSettings } from '../store/search-store.ts'
import type { IndexRegistry } from './index-registry.ts'
import type { ReplicaTopology } from './replica-topology.ts'

/** What an index is configured with, apart from its records. */
export interface IndexConfiguration {
  settings: StoredSettings
  synonyms: Synonym[]
  rules: Rule[]
}

/** A key and value for the store's meta table. */
export interface MetaEntry {
  key: string
  value: string
}

export class IndexOperations {
  readonly #registry: IndexRegistry
  readonly #replicas: ReplicaTopology

  constructor(registry: IndexRegistry, replicas: ReplicaTopology) {
    this.#registry = registry
    this.#replicas = replicas
  }

  /** The checks of setSettings that need no write (run when acknowledged and when applied). */
  checkSettings(name: string, incoming: IndexSettings): void {
    const current = this.#registry.store.getIndex(name)
    const replicasAfter =
      'replicas' in incoming ? replicaNames(incoming.replicas) : replicaNames(current?.settings.replicas)
    this.#replicas.checkReplicas(name, replicasAfter)
    // An empty engine refuses what the engine would refuse (ranking, attribute specs).
    this.#registry.probeSettings(merge(current?.settings ?? {}, incoming))
  }

  /** Settings (null resets a setting to its default); `replicas` creates and unlinks replicas. */
  setSettings(name: string, incoming: IndexSettings, forwardToReplicas: boolean): void {
    const registry = this.#registry
    const { store } = registry
    const current = store.getIndex(name)
    const replicasBefore = replicaNames(current?.settings.replicas)
    const replicasAfter = 'replicas' in incoming ? replicaNames(incoming.replicas) : replicasBefore
    this.checkSettings(name, incoming)
    const touched = [name, ...replicasBefore, ...replicasAfter]
    registry.write(touched, () => {
      store.ensureIndex(name)
      const next = merge(current?.settings ?? {}, incoming)
      if ('replicas' in incoming) {
        next.replicas = (incoming.replicas ?? []).filter((replica) => replica.trim() !== '')
        if (next.replicas.length === 0) delete next.replicas
      }
      store.putSettings(name, next)
      registry.engineFor(name).setSettings(next)
      for (const replica of replicasBefore)
        if (!replicasAfter.includes(replica)) this.#replicas.unlink(replica)
      for (const replica of replicasAfter) {
        if (!replicasBefore.includes(replica)) this.#replicas.link(name, replica, next)
        else if (forwardToReplicas) {
          const { replicas: _r, primary: _p, ...forwarded } = incoming
          const settings = merge(store.getIndex(replica)?.settings ?? {}, forwarded)
          store.putSettings(replica, settings)
          registry.engineFor(replica).setSettings(settings)
        }
      }
    })
  }

  /** The checks of copyIndex and moveIndex on the published state; `exists` also knows pending writes. */
  checkCopyOrMove(
    operation: 'copy' | 'move',
    from: string,
    to: string,
    exists: (name: string) => boolean,
  ): void {
    if (!exists(from)) throw indexDoesNotExist()
    if (operation === 'move' && this.#replicas.isReplica(from)) {
      throw new DomainError('invalid', 'cannot apply the move operation on a replica index')
    }
    this.#replicas.refuseReplica(to, `the ${operation} operation`)
  }

  /** Copies records, settings, synonyms and rules (or only the scoped parts) of `from` onto `to`. */
  copyIndex(from: string, to: string, scope?: string[]): void {
    const registry = this.#registry
    const { store } = registry
    this.checkCopyOrMove('copy', from, to, (name) => store.getIndex(name) !== undefined)
    const source = registry.requireIndex(from)
    const full = !scope || scope.length === 0
    const keptReplicas = store.getIndex(to)?.settings.replicas
    registry.write([to, ...replicaNames(keptReplicas)], () => {
      store.ensureIndex(to)
      if (full || scope.includes('settings')) {
        const { replicas: _r, primary: _p, ...settings } = source.settings
        store.putSettings(to, keptReplicas ? { ...settings, replicas: keptReplicas } : settings)
      }
      if (full || scope.includes('synonyms')) store.putSynonyms(to, source.synonyms)
      if (full || scope.includes('rules')) store.putRules(to, source.rules)
      if (full) {
        store.clearRecords(to)
        store.putRecords(to, store.records(registry.recordsOf(from)))
      }
      registry.rebuildFamily(to)
    })
  }

  /** Atomic reindex: `to` gets `from`'s records, settings and synonyms; `to` keeps its replicas. */
  moveIndex(from: string, to: string): void {
    const registry = this.#registry
    const { store } = registry
    this.checkCopyOrMove('move', from, to, (name) => store.getIndex(name) !== undefined)
    const source = registry.requireIndex(from)
    const target = store.getIndex(to)
    const replicas = target?.settings.replicas ?? source.settings.replicas
    const touched = [from, to, ...replicaNames(replicas), ...replicaNames(source.settings.replicas)]
    registry.write(touched, () => {
      store.moveIndex(from, to)
      const settings: StoredSettings = { ...source.settings }
      delete settings.replicas
      if (replicas) settings.replicas = replicas
      store.putSettings(to, settings)
      // Replicas of the source that `to` does not keep become standalone copies.
      for (const replica of replicaNames(source.settings.replicas)) {
        if (!replicaNames(replicas).includes(replica)) this.#replicas.materialize(replica, to)
      }
      this.#replicas.repoint(replicas ?? [], to)
      registry.forget(from)
      registry.rebuildFamily(to)
    })
  }

  /**
   * Replaces the settings, synonyms and rules of several indexes as one write (records untouched),
   * and stores `remember` (a meta entry) with them: a shipped configuration and the note of it.
   */
  replaceConfiguration(configuration: Record<string, IndexConfiguration>, remember?: MetaEntry): void {
    const registry = this.#registry
    const { store } = registry
    // Primaries first: a replica's engine takes its records from its primary's.
    const names = Object.keys(configuration).sort(
      (a, b) =>
        Number(configuration[a]?.settings.primary !== undefined) -
        Number(configuration[b]?.settings.primary !== undefined),
    )
    registry.write(names, () => {
      for (const name of names) {
        const { settings, synonyms, rules } = configuration[name]! // names are its keys
        store.putSettings(name, settings)
        store.putSynonyms(name, synonyms)
        store.putRules(name, rules)
      }
      if (remember) store.setMeta(remember.key, remember.value)
      for (const name of names) registry.build(name)
    })
  }

  deleteIndex(name: string): void {
    const registry = this.#registry
    const { store } = registry
    const index = store.getIndex(name)
    const replicas = replicaNames(index?.settings.replicas)
    const primary = index?.settings.primary
    registry.write([name, ...replicas, ...(primary ? [primary] : [])], () => {
      if (primary) this.#replicas.forgetReplica(primary, name)
      for (const replica of replicas) this.#replicas.materialize(replica, name)
      store.dropIndex(name)
      registry.forget(name)
    })
  }
}

/** Incoming settings over current ones; null resets a setting to its default. */
function merge(current: StoredSettings, incoming: IndexSettings): StoredSettings {
  const next: StoredSettings = { ...current }
  for (const [key, value] of Object.entries(incoming)) {
    if (value === null) delete next[key]
    else next[key] = value
  }
  return next
}
