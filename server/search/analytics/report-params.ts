// The parameters every Analytics API report takes: index (required), startDate and endDate
// (YYYY-MM-DD, UTC days; default the last 8 days including today), limit (default 10, at most
// 1000), offset, tags (analyticsTags, combined with OR and AND), clickAnalytics, orderBy, direction.
import { DomainError } from '../../../search-core/index.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const MAX_LIMIT = 1000
const ORDER_BY = ['searchCount', 'clickThroughRate', 'conversionRate', 'averageClickPosition'] as const
type OrderBy = (typeof ORDER_BY)[number]

export interface ReportParams {
  index: string
  /** First millisecond of startDate and of the day after endDate (UTC). */
  from: number
  to: number
  /** Every day of the period, YYYY-MM-DD. */
  days: string[]
  limit: number
  offset: number
  /** Keeps searches whose analyticsTags satisfy the `tags` expression (undefined: all). */
  tags?: (tags: string[]) => boolean
  clickAnalytics: boolean
  orderBy: OrderBy
  direction: 'asc' | 'desc'
  /** Restricts top hits to one query. */
  search?: string
}

const bad = (message: string): DomainError => new DomainError('invalid', message)

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

function readDate(name: string, value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const match = typeof value === 'string' ? DATE.exec(value) : null
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN
  if (!match || Number.isNaN(ms) || dayOf(ms) !== value) {
    throw bad(`Invalid value for ${name}: expected a date in the format YYYY-MM-DD`)
  }
  return ms
}

function readInteger(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw bad(`Invalid value for ${name}: expected an integer between 0 and ${max}`)
  }
  return n
}

function readBoolean(name: string, value: unknown): boolean {
  if (value === undefined || value === '' || value === 'false') return false
  if (value === 'true') return true
  throw bad(`Invalid value for ${name}: expected true or false`)
}

function decodeTag(tag: string): string {
  try {
    return decodeURIComponent(tag)
  } catch {
    return tag
  }
}

/** `a OR b AND c`: AND binds tighter than OR; tags are URL-encoded. */
function tagFilter(expression: string): (tags: string[]) => boolean {
  const alternatives = expression
    .split(/\s+OR\s+/)
    .map((part) => part.split(/\s+AND\s+/).map((tag) => decodeTag(tag.trim())))
  if (alternatives.some((all) => all.some((tag) => tag === ''))) {
    throw bad('Invalid value for tags: expected tags combined with OR and AND')
  }
  return (tags) => alternatives.some((all) => all.every((tag) => tags.includes(tag)))
}

export function readReportParams(query: Record<string, unknown>, now = Date.now()): ReportParams {
  const { index, startDate, endDate, limit, offset, tags, clickAnalytics, orderBy, direction, search } = query
  if (typeof index !== 'string' || index === '') throw bad('Missing parameter: index')
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  )
  const end = readDate('endDate', endDate, today)
  const start = readDate('startDate', startDate, end - 7 * DAY_MS)
  if (start > end) throw bad('startDate must not be after endDate')
  const days: string[] = []
  for (let day = start; day <= end; day += DAY_MS) days.push(dayOf(day))
  if (orderBy !== undefined && !ORDER_BY.includes(orderBy as OrderBy)) {
    throw bad(`Invalid value for orderBy: expected one of ${ORDER_BY.join(', ')}`)
  }
  if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
    throw bad('Invalid value for direction: expected asc or desc')
  }
  if (tags !== undefined && typeof tags !== 'string') throw bad('Invalid value for tags')
  if (search !== undefined && typeof search !== 'string') throw bad('Invalid value for search')
  return {
    index,
    from: start,
    to: end + DAY_MS,
    days,
    limit: readInteger('limit', limit, 10, MAX_LIMIT),
    offset: readInteger('offset', offset, 0, Number.MAX_SAFE_INTEGER),
    ...(tags ? { tags: tagFilter(tags) } : {}),
    clickAnalytics: readBoolean('clickAnalytics', clickAnalytics),
    orderBy: (orderBy as OrderBy | undefined) ?? 'searchCount',
    direction: direction ?? 'desc',
    ...(search !== undefined ? { search } : {}),
  }
}
