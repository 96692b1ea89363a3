// Front-matter dates are wall-clock times in Europe/Berlin; the API answers ISO 8601 with offset.
import { TZDate } from '@date-fns/tz'

const CONTENT_TIME_ZONE = 'Europe/Berlin'

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * Parses `2026-11-23`, `2026-11-23 06:00` or `2026-11-23T06:00:00` as Berlin time, or a full ISO
 * string with offset as given. A date without a time is the start of that day, or its end when
 * `endOfDay` is set (a notice valid until the 27th is valid all day long).
 * Returns undefined for anything else.
 */
export function parseBerlinDate(text: string, options: { endOfDay?: boolean } = {}): string | undefined {
  const match = LOCAL.exec(text.trim())
  if (!match) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim()))
      return undefined
    const instant = new Date(text.trim())
    return Number.isNaN(instant.getTime()) ? undefined : toBerlinIso(instant)
  }
  const [, y, mo, d, h, mi, s] = match
  const dateOnly = h === undefined
  const year = Number(y)
  const month = Number(mo) - 1
  const day = Number(d)
  const date =
    dateOnly && options.endOfDay
      ? new TZDate(year, month, day, 23, 59, 59, 999, CONTENT_TIME_ZONE)
      : new TZDate(year, month, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), 0, CONTENT_TIME_ZONE)
  // Reject dates that rolled over (2026-02-30) and hours that do not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month || date.getDate() !== day) return undefined
  return date.toISOString()
}

/** An instant as Berlin wall-clock time with its offset: 2026-11-23T00:00:00.000+01:00. */
export function toBerlinIso(instant: Date): string {
  return new TZDate(instant.getTime(), CONTENT_TIME_ZONE).toISOString()
}
