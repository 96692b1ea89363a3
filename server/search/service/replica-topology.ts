// Replicas share their primary's records: the store keeps them once, the primary's `replicas`
// setting lists them and each replica's stored settings name its `primary`. These are the moves
// that link, unlink and check replicas; they run inside the registry's writes.
import { DomainError, replicaNames } from '../../../search-core/index.ts'
import type { StoredSettings } from '../store/search-store.ts'
import type { IndexRegistry } from './index-registry.ts'

export class ReplicaTopology {
  readonly #registry: IndexRegistry

  constructor(registry: IndexRegistry) {
    this.#registry = registry
  }

  /** Replicas of an index as its settings list them (names, without `virtual()`). */
  replicasOf(name: string): string[] {
    return replicaNames(this.#registry.store.getIndex(name)?.settings.replicas)
  }

  isReplica(name: string): boolean {
    return this.#registry.store.getIndex(name)?.settings.primary !== undefined
  }

  /** Record writes and copy/move targets are refused on a replica, as Algolia does. */
  refuseReplica(name: string, what: string): void {
    if (this.isReplica(name)) throw new DomainError('invalid', `cannot apply ${what} on a replica index`)
  }

  /** Checks a new `replicas` list for `name` before anything is written. */
  checkReplicas(name: string, replicas: readonly string[]): void {
    if (this.isReplica(name) && replicas.length > 0) {
      throw new DomainError('invalid', 'A replica index cannot have replicas')
    }
    for (const replica of replicas) {
      if (replica === name) throw new DomainError('invalid', 'An index cannot be a replica of itself')
      const primary = this.#registry.store.getIndex(replica)?.settings.primary
      if (primary && primary !== name) {
        throw new DomainError('invalid', 'A replica index is already replica of another index')
      }
    }
  }

  /** Makes `replica` a replica of `primary`: a new one starts with the primary's settings. */
  link(primary: string, replica: string, primarySettings: StoredSettings): void {
    const { store } = this.#registry
    const existing = store.getIndex(replica)
    const { replicas: _r, ...inherited } = primarySettings
    const settings: StoredSettings = { ...(existing ? existing.settings : inherited), primary }
    delete settings.replicas
    store.ensureIndex(replica)
    store.clearRecords(replica)
    store.putSettings(replica, settings)
    this.#registry.build(replica)
  }

  /** A replica that leaves its primary keeps the records it showed, as a standalone index. */
  unlink(replica: string): void {
    const primary = this.#registry.store.getIndex(replica)?.settings.primary
    if (primary) this.materialize(replica, primary)
  }

  /** Gives `replica` its own copy of `primary`'s records and drops the link. */
  materialize(replica: string, primary: string): void {
    const { store } = this.#registry
    const index = store.getIndex(replica)
    if (!index) return
    const { primary: _p, ...settings } = index.settings
    store.putRecords(replica, store.records(primary))
    store.putSettings(replica, settings)
    this.#registry.build(replica)
  }

  /** Points every listed replica at a new primary (after a move). */
  repoint(replicas: readonly string[], primary: string): void {
    const { store } = this.#registry
    for (const replica of replicaNames(replicas)) {
      const settings = store.getIndex(replica)?.settings
      if (settings) store.putSettings(replica, { ...settings, primary })
    }
  }

  /** Removes a deleted replica from its primary's `replicas` list. */
  forgetReplica(primary: string, replica: string): void {
    const { store } = this.#registry
    const primarySettings = store.getIndex(primary)?.settings ?? {}
    const kept = (primarySettings.replicas ?? []).filter((entry) => replicaNames([entry])[0] !== replica)
    store.putSettings(primary, { ...primarySettings, replicas: kept })
    this.#registry.find(primary)?.setSettings({ ...primarySettings, replicas: kept })
  }
}
