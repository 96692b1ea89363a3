// Partial updates with Algolia's built-in operations: `{ "stock": { "_operation": "Decrement",
// "value": 1 } }`. IncrementFrom/IncrementSet are conditional: when their condition fails, Algolia
// ignores the whole record update, which is what `undefined` means here.

import type { SearchRecord } from '../../../search-core/index.ts'
import { DomainError } from '../../../search-core/index.ts'

const OPERATIONS = ['Increment', 'Decrement', 'Add', 'AddUnique', 'Remove', 'IncrementFrom', 'IncrementSet']

interface Operation {
  _operation: string
  value: unknown
}

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '_operation' in value
}

function numberOf(value: unknown, attribute: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new DomainError(
      'invalid',
      `Invalid value for the built-in operation on attribute "${attribute}": expected a number`,
    )
  }
  return number
}

/** Refuses unknown operations and non-numeric values of numeric ones, before a write is logged. */
export function checkPartialUpdate(changes: Record<string, unknown>): void {
  for (const [attribute, change] of Object.entries(changes)) {
    if (attribute === 'objectID' || !isOperation(change)) continue
    checkOperation(change._operation)
    if (!['Add', 'AddUnique', 'Remove'].includes(change._operation)) numberOf(change.value, attribute)
  }
}

function checkOperation(operation: string): void {
  if (!OPERATIONS.includes(operation)) {
    throw new DomainError(
      'invalid',
      `Unknown built-in operation "${operation}": expected one of ${OPERATIONS.join(', ')}`,
    )
  }
}

/**
 * Applies `changes` to `existing` (undefined when the record does not exist yet).
 * Returns the new record, or undefined when a conditional operation says to skip the update.
 */
export function applyPartialUpdate(
  objectID: string,
  existing: SearchRecord | undefined,
  changes: Record<string, unknown>,
): SearchRecord | undefined {
  const record: SearchRecord = { ...(existing ?? {}), objectID }
  for (const [attribute, change] of Object.entries(changes)) {
    if (attribute === 'objectID') continue
    if (!isOperation(change)) {
      record[attribute] = change
      continue
    }
    const { _operation: operation, value } = change
    checkOperation(operation)
    const current = record[attribute]
    const currentNumber = typeof current === 'number' ? current : undefined
    const list = Array.isArray(current) ? current : current === undefined ? [] : [current]
    switch (operation) {
      case 'Increment':
        record[attribute] = (currentNumber ?? 0) + numberOf(value, attribute)
        break
      case 'Decrement':
        record[attribute] = (currentNumber ?? 0) - numberOf(value, attribute)
        break
      case 'Add':
        record[attribute] = [...list, value]
        break
      case 'AddUnique':
        record[attribute] = list.some((item) => sameValue(item, value)) ? list : [...list, value]
        break
      case 'Remove':
        record[attribute] = list.filter((item) => !sameValue(item, value))
        break
      case 'IncrementFrom': {
        const from = numberOf(value, attribute)
        const matches =
          currentNumber === undefined
            ? from === 0 && existing?.[attribute] === undefined
            : currentNumber === from
        if (!matches) return undefined
        record[attribute] = from + 1
        break
      }
      case 'IncrementSet': {
        const to = numberOf(value, attribute)
        if (currentNumber === undefined ? to <= 0 : to <= currentNumber) return undefined
        record[attribute] = to
        break
      }
    }
  }
  return record
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}
