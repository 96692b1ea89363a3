// The `replicas` setting lists names, virtual ones as `virtual(name)`; the store keeps it verbatim.

/** Replica index names of a `replicas` setting, without the `virtual()` wrapper or blanks. */
export function replicaNames(replicas: readonly string[] | null | undefined): string[] {
  if (!replicas) return []
  return replicas
    .map((entry) => /^virtual\((.*)\)$/.exec(entry.trim())?.[1] ?? entry.trim())
    .filter((name) => name !== '')
}

/** Whether `replica` is listed as a virtual replica. */
export function isVirtualReplica(replicas: readonly string[] | null | undefined, replica: string): boolean {
  return (replicas ?? []).some((entry) => entry.trim() === `virtual(${replica})`)
}

/** What decides an index's replicas: its primary (for a replica) and its `replicas` (for a primary). */
interface ReplicaSettings {
  primary?: string | null | undefined
  replicas?: readonly string[] | null | undefined
}

type SettingsOf = (index: string) => ReplicaSettings | undefined

/**
 * Whether `replica` is a virtual replica of `index`: its primary is `index`, whose `replicas` name
 * it `virtual(…)` (a rule may redirect searches of `index` to it).
 */
export function isVirtualReplicaOf(settingsOf: SettingsOf, index: string, replica: string): boolean {
  return settingsOf(replica)?.primary === index && isVirtualReplica(settingsOf(index)?.replicas, replica)
}

/** Whether `index` is a virtual replica of its primary: it answers with relevant sort. */
export function isVirtualReplicaIndex(settingsOf: SettingsOf, index: string): boolean {
  const primary = settingsOf(index)?.primary
  return typeof primary === 'string' && isVirtualReplicaOf(settingsOf, primary, index)
}
