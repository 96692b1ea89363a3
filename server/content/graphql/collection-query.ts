// `where`, `order`, `skip` and `limit` of a collection field, with Contentful's semantics.
import type { Document } from '@contentful/rich-text-types'
import { contentfulError } from './contentful-error.ts'
import { FILTER_OPERATORS, type FieldAccess, plainText, SYS_FIELDS } from './field-access.ts'

export const DEFAULT_LIMIT = 100
const MAX_LIMIT = 1000

type Filter = { [key: string]: unknown }

export interface CollectionArgs {
  skip?: number | null
  limit?: number | null
  where?: Filter | null
  order?: readonly (string | null)[] | null
}

export interface CollectionPage<T> {
  skip: number
  limit: number
  total: number
  items: T[]
}

/**
 * Filters, orders and pages the items by their values in `locale` (with its fallback, as they are
 * shown); throws a Contentful-shaped error for a bad limit or skip.
 */
export function queryCollection<T extends { sys: { id: string } }>(
  items: readonly T[],
  fields: readonly FieldAccess<T>[],
  args: CollectionArgs,
  locale: string,
): CollectionPage<T> {
  const limit = args.limit ?? DEFAULT_LIMIT
  const skip = args.skip ?? 0
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw contentfulError(
      'TOO_COMPLEX_QUERY',
      `The limit must be between 0 and ${MAX_LIMIT}, it was ${limit}.`,
    )
  }
  if (!Number.isInteger(skip) || skip < 0) throw contentfulError('INVALID_QUERY_FORMAT', 'skip must be ≥ 0.')
  const matching = items.filter((item) => matches(item, args.where ?? {}, fields, locale))
  const sorted = orderItems(matching, fields, args.order ?? [], locale)
  return { skip, limit, total: sorted.length, items: sorted.slice(skip, skip + limit) }
}

function matches<T extends { sys: { id: string } }>(
  item: T,
  where: Filter,
  fields: readonly FieldAccess<T>[],
  locale: string,
): boolean {
  for (const [key, condition] of Object.entries(where)) {
    if (condition === undefined) continue
    if (key === 'AND') {
      if (!(condition as Filter[] | null)?.every((part) => matches(item, part ?? {}, fields, locale)))
        return false
      continue
    }
    if (key === 'OR') {
      const parts = (condition as (Filter | null)[] | null) ?? []
      if (parts.length > 0 && !parts.some((part) => matches(item, part ?? {}, fields, locale))) return false
      continue
    }
    if (key === 'sys') {
      if (
        !matches(
          item,
          (condition as Filter | null) ?? {},
          SYS_FIELDS as unknown as readonly FieldAccess<T>[],
          locale,
        )
      )
        return false
      continue
    }
    const field = fields.find((f) => key === f.name || key.startsWith(`${f.name}_`))
    const operator = field ? key.slice(field.name.length) : ''
    if (!field || !FILTER_OPERATORS[field.kind].includes(operator)) continue
    if (!test(field, field.get(item, locale), operator, condition)) return false
  }
  return true
}

function comparable(field: FieldAccess<never>, value: unknown): string | number | undefined {
  if (value === undefined || value === null) return undefined
  if (field.kind === 'date') return Date.parse(String(value))
  if (field.kind === 'number') return Number(value)
  if (field.kind === 'richText') return plainText(value as Document)
  return String(value)
}

function test(field: FieldAccess<never>, raw: unknown, operator: string, condition: unknown): boolean {
  if (operator === '_exists') {
    const exists = raw !== undefined && raw !== null && !(Array.isArray(raw) && raw.length === 0)
    return condition === null || exists === condition
  }
  if (condition === null) return true
  if (field.kind === 'symbols') {
    const values = new Set((raw as string[] | undefined) ?? [])
    const wanted = (condition as string[]).map(String)
    if (operator === '_contains_all') return wanted.every((value) => values.has(value))
    if (operator === '_contains_some') return wanted.some((value) => values.has(value))
    return !wanted.some((value) => values.has(value))
  }
  const value = comparable(field, raw)
  const as = (other: unknown) => comparable(field, other)
  switch (operator) {
    case '':
      return value !== undefined && value === as(condition)
    case '_not':
      return value !== as(condition)
    case '_in':
      return value !== undefined && (condition as unknown[]).some((other) => as(other) === value)
    case '_not_in':
      return !(condition as unknown[]).some((other) => as(other) === value)
    case '_contains':
      return value !== undefined && String(value).toLowerCase().includes(String(condition).toLowerCase())
    case '_not_contains':
      return value === undefined || !String(value).toLowerCase().includes(String(condition).toLowerCase())
  }
  const bound = as(condition)
  if (value === undefined || bound === undefined || Number.isNaN(bound)) return false
  if (operator === '_gt') return value > bound
  if (operator === '_gte') return value >= bound
  if (operator === '_lt') return value < bound
  return value <= bound
}

/** Orders by the given `<field>_ASC|_DESC` values (sys fields as `sys_<field>_…`); ties by sys.id. */
function orderItems<T extends { sys: { id: string } }>(
  items: T[],
  fields: readonly FieldAccess<T>[],
  order: readonly (string | null)[],
  locale: string,
): T[] {
  const keys = order
    .filter((value): value is string => typeof value === 'string')
    .map((value) => {
      const descending = value.endsWith('_DESC')
      const name = value.replace(/_(ASC|DESC)$/, '')
      const field = name.startsWith('sys_')
        ? (SYS_FIELDS.find((f) => f.name === name.slice(4)) as unknown as FieldAccess<T> | undefined)
        : fields.find((f) => f.name === name)
      return field ? { field, descending } : undefined
    })
    .filter((key) => key !== undefined)
  if (keys.length === 0) keys.push({ field: SYS_FIELDS[1] as unknown as FieldAccess<T>, descending: true })
  return [...items].sort((a, b) => {
    for (const { field, descending } of keys) {
      const x = comparable(field, field.get(a, locale))
      const y = comparable(field, field.get(b, locale))
      if (x === y) continue
      // Entries without a value come last, whichever the direction.
      if (x === undefined) return 1
      if (y === undefined) return -1
      const result =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), locale)
      if (result !== 0) return descending ? -result : result
    }
    return a.sys.id < b.sys.id ? -1 : a.sys.id > b.sys.id ? 1 : 0
  })
}
