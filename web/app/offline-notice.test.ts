import { describe, expect, it } from 'vitest'
import { formatLongDate } from '../shared/dates.ts'
import { dataDateFormat } from './offline-notice.tsx'

describe('the offline notice’s date', () => {
  it('reads as formatLongDate writes it, in Berlin, on both sides of midnight and of the year', () => {
    for (const instant of [
      '2026-11-24T10:00:00Z',
      '2026-11-20T23:30:00Z',
      '2026-03-29T00:30:00Z',
      '2026-12-31T23:59:00Z',
      '2027-05-01T12:00:00+02:00',
    ]) {
      expect(dataDateFormat.format(new Date(instant))).toBe(formatLongDate(instant))
    }
    expect(dataDateFormat.format(new Date('2026-11-24T10:00:00Z'))).toBe('24. November 2026')
  })
})
