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
