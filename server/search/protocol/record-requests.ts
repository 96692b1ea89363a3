// The bodies of the record routes: a record, a batch of record operations, getObjects' requests,
// and the attributes a read asks for.
import { badRequest, invalidValue } from '../../../search-core/index.ts'

const BATCH_ACTIONS = [
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
] as const

type BatchAction = (typeof BATCH_ACTIONS)[number]

/** One operation of a batch, as the service applies it. */
interface RecordOperation {
  action: BatchAction
  indexName: string
  body: Record<string, unknown>
}

/** A record as a write takes it: an object whose objectID, if any, is a string (a number becomes one). */
export function readRecord(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidValue('body', 'object')
  const record = body as Record<string, unknown>
  const id = record.objectID
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number')
    throw invalidValue('objectID', 'string')
  return id === undefined ? record : { ...record, objectID: String(id) }
}

/** A batch body; `pathIndex` is the index of /indexes/{indexName}/batch (none for `*`). */
export function readBatch(body: unknown, pathIndex: string | undefined): RecordOperation[] {
  const requests = (body as { requests?: unknown } | null | undefined)?.requests
  if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
  return requests.map((raw, position) => readOperation(raw, position, pathIndex))
}

function readOperation(raw: unknown, position: number, pathIndex: string | undefined): RecordOperation {
  if (typeof raw !== 'object' || raw === null) throw invalidValue(`requests[${position}]`, 'object')
  const { action, body, indexName: requestIndex } = raw as Record<string, unknown>
  if (!isBatchAction(action)) throw invalidValue('action', `one of ${BATCH_ACTIONS.join(', ')}`)
  const indexName = pathIndex ?? requestIndex
  if (typeof indexName !== 'string' || indexName === '') throw invalidValue('indexName', 'string')
  if (action === 'clear' || action === 'delete') return { action, indexName, body: {} }
  const record = readRecord(body)
  if (action !== 'addObject' && typeof record.objectID !== 'string') {
    throw badRequest(`objectID is required for ${action} (request ${position})`)
  }
  return { action, indexName, body: record }
}

const isBatchAction = (action: unknown): action is BatchAction =>
  (BATCH_ACTIONS as readonly unknown[]).includes(action)

/** One record getObjects asks for. */
interface ObjectRequest {
  indexName: string
  objectID: string
  attributesToRetrieve: string[] | undefined
}

/** getObjects' `requests`, each read by readObjectRequest. */
export function objectRequests(body: Record<string, unknown> | null | undefined): unknown[] {
  const requests = body?.requests
  if (!Array.isArray(requests)) throw invalidValue('requests', 'array')
  return requests
}

export function readObjectRequest(raw: unknown): ObjectRequest {
  const { indexName, objectID, attributesToRetrieve } = (raw ?? {}) as Record<string, unknown>
  if (typeof indexName !== 'string') throw invalidValue('indexName', 'string')
  if (typeof objectID !== 'string') throw invalidValue('objectID', 'string')
  if (attributesToRetrieve !== undefined && !Array.isArray(attributesToRetrieve)) {
    throw invalidValue('attributesToRetrieve', 'array of strings')
  }
  return { indexName, objectID, attributesToRetrieve }
}

/** The `attributesToRetrieve` of getObject's query string: names separated by commas. */
export const attributeList = (text: string | undefined): string[] | undefined =>
  text?.split(',').map((name) => name.trim())
