// The records' own order of importance, read from the index's customRanking (for stations: hubs
// first, then db-stations' weight): what trending falls back to where there are no events.
import type { SearchRecord } from '../../../search-core/index.ts'
import type { CatalogIndex } from './types.ts'

interface Criterion {
  attribute: string
  descending: boolean
}

function criteria(customRanking: readonly string[]): Criterion[] {
  const parsed: Criterion[] = []
  for (const entry of customRanking) {
    const match = /^(asc|desc)\((.+)\)$/.exec(entry.trim())
    if (match) parsed.push({ attribute: match[2]!, descending: match[1] === 'desc' })
  }
  return parsed
}

function numberAt(record: SearchRecord, attribute: string): number | undefined {
  const value = record[attribute]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** objectIDs from most to least important; records without a value sort last, ties by objectID. */
export function importanceOrder(catalog: CatalogIndex): string[] {
  const order = criteria(catalog.customRanking)
  return [...catalog.records]
    .sort((a, b) => {
      for (const { attribute, descending } of order) {
        const x = numberAt(a, attribute)
        const y = numberAt(b, attribute)
        if (x === y) continue
        if (x === undefined) return 1
        if (y === undefined) return -1
        return descending ? y - x : x - y
      }
      return a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0
    })
    .map((record) => record.objectID)
}
