// An index as a device needs it to answer searches itself: its records (without what a search may
// not retrieve), settings, synonyms and rules, and those of its replicas, under a version that
// changes whenever any of it does. Execution's OfflineSearch builds its engines from it.
import { createHash } from 'node:crypto'
import type { IndexSnapshot, SearchRecord, SnapshotIndex } from '../../../search-core/index.ts'
import type { StoredIndex } from '../store/search-store.ts'

export type { IndexSnapshot } from '../../../search-core/index.ts'

const SNAPSHOT_FORMAT = 1

/** Removes a dotted attribute path from a copy of a record (nested objects copied on the way). */
function withoutPath(record: SearchRecord, path: string[]): SearchRecord {
  const [head, ...rest] = path
  if (head === undefined || !(head in record)) return record
  const copy: SearchRecord = { ...record }
  if (rest.length === 0) delete copy[head]
  else {
    const inner = copy[head]
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      copy[head] = withoutPath(inner as SearchRecord, rest)
  }
  return copy
}

/**
 * Refuses an index whose unretrievable attributes also search, filter, rank or sort: they are left
 * out of the snapshot, and answers without them would differ from the server's.
 */
function checkUnretrievable(indexes: readonly SnapshotIndex[]): string[] {
  const hidden = new Set<string>()
  for (const { settings } of indexes)
    for (const name of settings.unretrievableAttributes ?? []) hidden.add(name)
  for (const { name, settings } of indexes) {
    const { unretrievableAttributes: _hidden, ...rest } = settings
    const used = JSON.stringify(rest)
    for (const attribute of hidden) {
      if (used.includes(attribute))
        throw new Error(
          `index ${name}: the unretrievable attribute ${attribute} is used by its settings, so a snapshot without it would answer differently`,
        )
    }
  }
  return [...hidden]
}

function snapshotIndex(index: StoredIndex): SnapshotIndex {
  return { name: index.name, settings: index.settings, synonyms: index.synonyms, rules: index.rules }
}

/**
 * The snapshot of `primary` with `replicas` (as stored) and `records` (the primary engine's, in
 * its order). Pure: the same index gives the same snapshot, version included.
 */
export function indexSnapshot(
  primary: StoredIndex,
  replicas: readonly StoredIndex[],
  records: Iterable<SearchRecord>,
): IndexSnapshot {
  const main = snapshotIndex(primary)
  const others = replicas.map(snapshotIndex)
  const hidden = checkUnretrievable([main, ...others]).map((name) => name.split('.'))
  const kept: SearchRecord[] = []
  for (const record of records) kept.push(hidden.reduce(withoutPath, record))
  const body = { ...main, replicas: others, records: kept }
  const version = createHash('sha256')
    .update(String(SNAPSHOT_FORMAT))
    .update(JSON.stringify(body))
    .digest('base64url')
    .slice(0, 22)
  const updatedAt =
    [primary, ...replicas]
      .map((index) => index.updatedAt)
      .sort()
      .at(-1) ?? primary.updatedAt
  return { format: SNAPSHOT_FORMAT, version, updatedAt, ...body }
}
