// Synonym writes: save (merge or replace) and delete, optionally forwarded to the replicas.
import type { Synonym } from '../../../search-core/index.ts'
import type { IndexRegistry } from './index-registry.ts'
import type { ReplicaTopology } from './replica-topology.ts'

export class SynonymWrites {
  readonly #registry: IndexRegistry
  readonly #replicas: ReplicaTopology

  constructor(registry: IndexRegistry, replicas: ReplicaTopology) {
    this.#registry = registry
    this.#replicas = replicas
  }

  save(name: string, synonyms: Synonym[], replace: boolean, forwardToReplicas: boolean): void {
    const registry = this.#registry
    const targets = [name, ...(forwardToReplicas ? this.#replicas.replicasOf(name) : [])]
    registry.write(targets, () => {
      for (const target of targets) {
        const existing = replace ? [] : (registry.store.getIndex(target)?.synonyms ?? [])
        const byID = new Map(existing.map((synonym) => [synonym.objectID, synonym] as const))
        for (const synonym of synonyms) byID.set(synonym.objectID, synonym)
        this.#put(target, [...byID.values()])
      }
    })
  }

  delete(name: string, objectID: string, forwardToReplicas: boolean): void {
    const registry = this.#registry
    registry.requireIndex(name)
    const targets = [name, ...(forwardToReplicas ? this.#replicas.replicasOf(name) : [])]
    registry.write(targets, () => {
      for (const target of targets) {
        const synonyms = registry.store.getIndex(target)?.synonyms ?? []
        this.#put(
          target,
          synonyms.filter((synonym) => synonym.objectID !== objectID),
        )
      }
    })
  }

  #put(name: string, synonyms: Synonym[]): void {
    this.#registry.requireIndex(name)
    this.#registry.store.putSynonyms(name, synonyms)
    this.#registry.engineFor(name).setSynonyms(synonyms)
  }
}
