// Rule writes: save (merge or replace all), delete and clear, optionally forwarded to the replicas.
// Each is one registry write, so it is kept in the store and the search path together or not at all;
// the task queue calls these when it applies a logged rule write.
import type { Rule } from '../../../search-core/index.ts'
import type { IndexRegistry } from './index-registry.ts'
import type { ReplicaTopology } from './replica-topology.ts'

export class RuleWrites {
  readonly #registry: IndexRegistry
  readonly #replicas: ReplicaTopology

  constructor(registry: IndexRegistry, replicas: ReplicaTopology) {
    this.#registry = registry
    this.#replicas = replicas
  }

  save(name: string, rules: Rule[], clearExisting: boolean, forwardToReplicas: boolean): void {
    this.#change(name, forwardToReplicas, (existing) => {
      const byID = new Map((clearExisting ? [] : existing).map((rule) => [rule.objectID, rule] as const))
      for (const rule of rules) byID.set(rule.objectID, rule)
      return [...byID.values()]
    })
  }

  delete(name: string, objectID: string, forwardToReplicas: boolean): void {
    this.#registry.requireIndex(name)
    this.#change(name, forwardToReplicas, (existing) => existing.filter((rule) => rule.objectID !== objectID))
  }

  #change(name: string, forwardToReplicas: boolean, next: (existing: Rule[]) => Rule[]): void {
    const registry = this.#registry
    const targets = [name, ...(forwardToReplicas ? this.#replicas.replicasOf(name) : [])]
    registry.write(targets, () => {
      for (const target of targets) {
        registry.requireIndex(target)
        const rules = next(registry.store.getIndex(target)?.rules ?? [])
        registry.store.putRules(target, rules)
        registry.engineFor(target)
        registry.setRules(target, rules)
      }
    })
  }
}
