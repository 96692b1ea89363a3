// What a key may read of records by objectID (GET /1/indexes/{index}/{objectID}, getObjects): the
// records its searches can find, with the attributes its searches return. A key that forces
// filters, a geo area or a query reads no record outside them (such a record is answered as one
// that does not exist), and one that forces attributesToRetrieve reads no other attribute.
import type { SearchGrant, SearchParams, SearchRecord } from '../../../search-core/index.ts'
import { recordScope, retrieveAttributes } from '../../../search-core/index.ts'

/** The key's part in reads: its forced parameters, and whether it may see unretrievable attributes. */
type ReadGrant = SearchGrant & { acl: ReadonlySet<string> }

interface RecordReader {
  getIndex(name: string): { settings: { unretrievableAttributes?: readonly string[] | null } } | undefined
  getObject(index: string, objectID: string): SearchRecord | undefined
  /** objectIDs of every record of an index the search finds, without paging. */
  matchingObjectIDs(index: string, params: SearchParams): string[]
}

export interface RecordReads {
  /**
   * The record as the key may read it: its attributes those the key forces, else those `asked`,
   * never the index's unretrievable ones unless the key may see them. Undefined when the index or
   * the record does not exist, or the key may not read it.
   */
  read(index: string, objectID: string, asked: readonly string[] | undefined): SearchRecord | undefined
}

/** One request's reads of records under its key. */
export function recordReads(reader: RecordReader, grant: ReadGrant): RecordReads {
  const access = recordAccess(reader, grant)
  const seesAll = grant.acl.has('seeUnretrievableAttributes')
  return {
    read(indexName, objectID, asked) {
      const index = reader.getIndex(indexName)
      const record = index ? reader.getObject(indexName, objectID) : undefined
      if (!index || !record || !access.readable(indexName, objectID)) return undefined
      const hidden = seesAll ? [] : index.settings.unretrievableAttributes
      return retrieveAttributes(record, access.attributes(asked), hidden)
    },
  }
}

interface RecordAccess {
  /** Whether the key may read this record of the index. */
  readable(index: string, objectID: string): boolean
  /** The attributes a read returns: those the key forces, else those the request asks for. */
  attributes(asked: readonly string[] | undefined): readonly string[] | undefined
}

/**
 * One request's access to records: each index's readable records are found once, and only for a
 * key whose forced parameters limit them (one lookup reads the list; a second one indexes it).
 */
function recordAccess(reader: RecordReader, grant: ReadGrant): RecordAccess {
  const scope = recordScope(grant.forcedParams)
  const found = new Map<string, readonly string[] | ReadonlySet<string>>()
  const forcedAttributes = grant.forcedParams?.attributesToRetrieve
  return {
    readable(index, objectID) {
      if (scope === undefined) return true
      const ids = found.get(index)
      if (ids === undefined) {
        const list = reader.matchingObjectIDs(index, scope)
        found.set(index, list)
        return list.includes(objectID)
      }
      if ('has' in ids) return ids.has(objectID)
      const indexed = new Set(ids)
      found.set(index, indexed)
      return indexed.has(objectID)
    },
    attributes: (asked) => forcedAttributes ?? asked,
  }
}
