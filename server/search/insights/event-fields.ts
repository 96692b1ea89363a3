// The fields of conversion events (eventSubtype, objectData, value, currency) and the type errors
// Algolia's Insights API answers when a field has the wrong JSON type.
import { DomainError } from '../../../search-core/index.ts'

const MAX_ITEMS = 20
const CURRENCY = /^[A-Za-z]{3}$/
const HEX_QUERY_ID = /^[0-9a-f]{32}$/
const OBJECT_DATA_FIELDS = new Set(['price', 'quantity', 'discount', 'queryID'])

const CONVERSION_MESSAGES = {
  subtypeInvalid: 'EventSubtype must be one of "addToCart" or "purchase"',
  subtypeOnWrongEventType: 'Only event of type conversion should specify the eventSubtype attribute',
  objectDataOnWrongEventType: 'Only event of type conversion should specify the objectData attribute',
  objectDataCount: 'Event should have the same number of ObjectIDs and ObjectData',
  objectDataInvalid: 'ObjectData items may only have a price, a discount, an integer quantity and a queryID',
  currencyInvalid: 'Currency must be a three-letter ISO 4217 currency code',
  valueInvalid: 'Value must be a number, or a numeric string of at most 16 characters',
} as const

export const invalid = (message: string): DomainError => new DomainError('unprocessable', message)

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** Algolia's decoder names the batch's field, whatever the nested attribute was. */
export const typeError = (expected: string, value: unknown): DomainError =>
  invalid(`Invalid type for field events: expected ${expected}, got ${jsonType(value)}`)

function isAmount(value: unknown, maxLength = 32): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  return (
    typeof value === 'string' &&
    value.length <= maxLength &&
    Number.isFinite(Number(value)) &&
    value.trim() !== ''
  )
}

function checkObjectData(item: unknown): boolean {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false
  for (const [name, value] of Object.entries(item)) {
    if (!OBJECT_DATA_FIELDS.has(name)) return false
    // The spec types price and discount as number or string; the clients' own fixtures send "8$".
    if ((name === 'price' || name === 'discount') && !isAmount(value) && typeof value !== 'string')
      return false
    if (name === 'quantity' && !Number.isInteger(value)) return false
    if (name === 'queryID' && (typeof value !== 'string' || !HEX_QUERY_ID.test(value))) return false
  }
  return true
}

/** eventSubtype, objectData (one per objectID), value and currency, as conversions carry them. */
export function checkConversionFields(event: Record<string, unknown>, objectIDCount: number): void {
  const { eventType, eventSubtype, objectData, currency, value } = event
  const m = CONVERSION_MESSAGES
  if (eventSubtype !== undefined) {
    if (typeof eventSubtype !== 'string') throw typeError('string', eventSubtype)
    if (eventType !== 'conversion') throw invalid(m.subtypeOnWrongEventType)
    if (eventSubtype !== 'addToCart' && eventSubtype !== 'purchase') throw invalid(m.subtypeInvalid)
  }
  if (objectData !== undefined) {
    if (!Array.isArray(objectData)) throw typeError('array', objectData)
    if (eventType !== 'conversion') throw invalid(m.objectDataOnWrongEventType)
    if (objectData.length === 0 || objectData.length > MAX_ITEMS || objectData.length !== objectIDCount) {
      throw invalid(m.objectDataCount)
    }
    if (!objectData.every(checkObjectData)) throw invalid(m.objectDataInvalid)
  }
  if (currency !== undefined) {
    if (typeof currency !== 'string') throw typeError('string', currency)
    if (!CURRENCY.test(currency)) throw invalid(m.currencyInvalid)
  }
  if (value !== undefined && !isAmount(value, 16)) throw invalid(m.valueInvalid)
}
