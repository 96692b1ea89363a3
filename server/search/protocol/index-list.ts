// The answer of listIndices (GET /1/indexes): each index as Algolia describes it, with its pending
// tasks, its primary or replicas, and the page asked for.
import { isVirtualReplica, replicaNames } from '../../../search-core/index.ts'

/** An index as the service lists it. */
interface IndexToList {
  name: string
  createdAt: string
  updatedAt: string
  /** Records a client sees (a replica's are its primary's). */
  entries: number
  settings: { primary?: string | undefined; replicas?: readonly string[] | null | undefined }
}

interface ListPage {
  page?: number | undefined
  hitsPerPage?: number | undefined
}

/**
 * `indexes` as listIndices answers them, `pending` tasks counted per index. Every index on one page
 * unless both `page` and `hitsPerPage` are given.
 */
export function indexList(
  indexes: readonly IndexToList[],
  pending: ReadonlyMap<string, number>,
  { page, hitsPerPage }: ListPage,
): { items: Record<string, unknown>[]; nbPages: number } {
  const replicasOf = new Map(indexes.map((index) => [index.name, index.settings.replicas] as const))
  const items = indexes.map((index) => listedIndex(index, pending, replicasOf))
  if (page === undefined || hitsPerPage === undefined) return { items, nbPages: 1 }
  return {
    items: items.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    nbPages: Math.ceil(items.length / hitsPerPage),
  }
}

function listedIndex(
  index: IndexToList,
  pending: ReadonlyMap<string, number>,
  replicasOf: ReadonlyMap<string, readonly string[] | null | undefined>,
): Record<string, unknown> {
  const item: Record<string, unknown> = {
    name: index.name,
    createdAt: index.createdAt,
    updatedAt: index.updatedAt,
    entries: index.entries,
    dataSize: 0,
    fileSize: 0,
    lastBuildTimeS: 0,
    numberOfPendingTasks: pending.get(index.name) ?? 0,
    pendingTask: pending.has(index.name),
  }
  const { primary, replicas } = index.settings
  if (primary) {
    item.primary = primary
    item.virtual = isVirtualReplica(replicasOf.get(primary), index.name)
  }
  if (replicaNames(replicas).length > 0) item.replicas = replicaNames(replicas)
  return item
}
