// What a record may be, checked before a write is acknowledged, so that an acknowledged write is
// always applied: a record the store, the engine or the highlighter could not take is refused with
// the limit it breaks, never logged and then dropped.

import { DomainError } from '../../../search-core/index.ts'
import { measureJson } from '../../shared/json-measure.ts'

/** Algolia's largest record size (its plans allow 10 KB to 100 KB), as serialized JSON. */
const MAX_RECORD_BYTES = 100 * 1024
/** Objects and arrays inside each other; real records stay far below (stations: 3). */
const MAX_RECORD_DEPTH = 32
/** Attribute names in one record, counted at every level. */
const MAX_RECORD_ATTRIBUTES = 1000

/** Refuses a record (or a partial update's body) over a limit, naming the limit and the record. */
export function checkRecord(record: Record<string, unknown>, position: number): void {
  const where = `Record at the position ${position} objectID=${String(record.objectID ?? '')}`
  const { depth, keys } = measureJson(record, MAX_RECORD_DEPTH, MAX_RECORD_ATTRIBUTES)
  if (depth > MAX_RECORD_DEPTH) {
    throw new DomainError(
      'invalid',
      `${where} is nested too deeply: more than ${MAX_RECORD_DEPTH} levels of objects and arrays (the limit is ${MAX_RECORD_DEPTH})`,
    )
  }
  if (keys > MAX_RECORD_ATTRIBUTES) {
    throw new DomainError(
      'invalid',
      `${where} has too many attributes: more than ${MAX_RECORD_ATTRIBUTES} (the limit is ${MAX_RECORD_ATTRIBUTES}, counted at every level)`,
    )
  }
  checkRecordSize(record, where)
}

function checkRecordSize(record: Record<string, unknown>, where: string): void {
  const bytes = Buffer.byteLength(JSON.stringify(record))
  if (bytes > MAX_RECORD_BYTES) {
    throw new DomainError(
      'invalid',
      `${where} is too big size=${bytes}/${MAX_RECORD_BYTES} bytes (the limit is ${MAX_RECORD_BYTES / 1024} KB)`,
    )
  }
}
