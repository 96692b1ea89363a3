import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  berlinMidnight,
  berlinTime,
  calendarSpan,
  datesIn,
  dayKey,
  fromDayKey,
  WEEK_STARTS_ON,
} from './dates.ts'

const de = datesIn('de')
const en = datesIn('en')

// The same expectations hold whatever zone the process runs in: the dates are Berlin dates.
function berlinDates() {
  it('writes long and short German dates', () => {
    expect(de.formatLongDate('2026-11-21T00:00:00.000+01:00')).toBe('21. November 2026')
    expect(de.formatShortDate('2026-11-21T00:00:00.000+01:00')).toBe('Sa., 21.11.2026')
  })

  it("writes a data set's date by its month, or as its source gives it", () => {
    expect(de.formatStand('2020-03')).toBe('März 2020')
    expect(de.formatStand('2020')).toBe('2020')
    expect(de.formatStand('Frühjahr 2020')).toBe('Frühjahr 2020')
  })

  it('writes an instant with its Berlin time', () => {
    expect(de.formatDateTime('2026-11-24T13:05:00Z')).toBe('24. November 2026, 14:05 Uhr')
    // Summer time: UTC+2; the hour without a leading zero, as the opening hours write it.
    expect(de.formatDateTime('2026-07-01T07:09:00Z')).toBe('1. Juli 2026, 9:09 Uhr')
    // Already the next day in Berlin.
    expect(de.formatDateTime('2026-12-31T23:30:00Z')).toBe('1. Januar 2027, 0:30 Uhr')
  })

  it('takes the day from the Berlin wall clock, not from UTC or the machine', () => {
    // 23:30 UTC is already the next day in Berlin.
    expect(de.formatLongDate('2026-11-20T23:30:00Z')).toBe('21. November 2026')
    expect(dayKey('2026-11-20T23:30:00Z')).toBe('2026-11-21')
  })

  it('follows the change from summer to winter time', () => {
    // Before the change Berlin is UTC+2, so 22:30 UTC is already tomorrow; after it, UTC+1.
    expect(de.formatShortDate('2026-10-24T22:30:00Z')).toBe('So., 25.10.2026')
    expect(de.formatShortDate('2026-10-25T22:30:00Z')).toBe('So., 25.10.2026')
    expect(de.formatShortDate('2026-10-25T23:00:00Z')).toBe('Mo., 26.10.2026')
    expect(berlinTime(new Date('2026-10-25T01:30:00Z'))).toMatchObject({ day: 25, minutes: 2 * 60 + 30 })
  })

  it('follows the change from winter to summer time', () => {
    expect(de.formatShortDate('2026-03-28T23:30:00Z')).toBe('So., 29.03.2026')
    expect(de.formatShortDate('2026-03-29T22:30:00Z')).toBe('Mo., 30.03.2026')
    expect(berlinTime(new Date('2026-03-29T01:30:00Z'))).toMatchObject({ day: 29, minutes: 3 * 60 + 30 })
    expect(berlinTime(new Date('2026-03-29T00:30:00Z'))).toMatchObject({ day: 29, minutes: 90, weekday: 6 })
  })

  it('writes ranges as short as German typesetting allows', () => {
    expect(de.formatDateRange('2026-11-23T00:00:00+01:00', '2026-11-27T00:00:00+01:00')).toBe(
      '23.–27. November 2026',
    )
    expect(de.formatDateRange('2026-11-30T00:00:00+01:00', '2026-12-04T00:00:00+01:00')).toBe(
      '30. November – 4. Dezember 2026',
    )
    expect(de.formatDateRange('2026-12-28T00:00:00+01:00', '2027-01-03T00:00:00+01:00')).toBe(
      '28. Dezember 2026 – 3. Januar 2027',
    )
    expect(de.formatDateRange('2026-11-23T00:00:00+01:00', '2026-11-23T18:00:00+01:00')).toBe(
      '23. November 2026',
    )
    expect(de.formatDateRange('2026-11-23T00:00:00+01:00', null)).toBe('ab 23. November 2026')
  })

  it('keeps a range across the change to winter time in one month', () => {
    expect(de.formatDateRange('2026-10-23T00:00:00+02:00', '2026-10-27T00:00:00+01:00')).toBe(
      '23.–27. Oktober 2026',
    )
  })

  it('counts relative days in Berlin calendar days, 23- and 25-hour days included', () => {
    const now = '2026-11-23T10:00:00+01:00'
    expect(de.formatRelativeDay('2026-11-20T08:00:00+01:00', now)).toBe('vor 3 Tagen')
    expect(de.formatRelativeDay('2026-11-23T23:59:00+01:00', now)).toBe('heute')
    expect(de.formatRelativeDay('2026-11-24T00:00:00+01:00', now)).toBe('morgen')
    expect(de.formatRelativeDay('2026-11-22T23:59:00+01:00', now)).toBe('gestern')
    expect(de.formatRelativeDay('2026-10-27T00:00:00+01:00', '2026-10-24T12:00:00+02:00')).toBe('in 3 Tagen')
    expect(de.formatRelativeDay('2026-03-28T09:00:00+01:00', '2026-03-31T10:00:00+02:00')).toBe('vor 3 Tagen')
  })

  it('says where a notice stands today', () => {
    const now = '2026-11-23T10:00:00+01:00'
    expect(de.formatValidity('2026-11-24T00:00:00+01:00', null, now)).toBe('ab morgen')
    expect(de.formatValidity('2026-11-26T00:00:00+01:00', null, now)).toBe('ab Do., 26.11.2026')
    expect(de.formatValidity('2026-11-20T00:00:00+01:00', null, now)).toBe('seit 3 Tagen')
    expect(de.formatValidity('2026-11-20T00:00:00+01:00', '2026-11-27T00:00:00+01:00', now)).toBe(
      'bis Fr., 27.11.2026',
    )
    expect(de.formatValidity('2026-11-20T00:00:00+01:00', '2026-11-24T00:00:00+01:00', now)).toBe(
      'bis morgen',
    )
    expect(de.formatValidity('2026-11-10T00:00:00+01:00', '2026-11-20T00:00:00+01:00', now)).toBe(
      'beendet vor 3 Tagen',
    )
  })

  it('says "beendet heute" for a notice that ended earlier today, as the list files it under Beendet', () => {
    const afternoon = new Date('2026-12-04T14:00:00+01:00')
    expect(de.formatValidity('2026-11-30T22:00:00+01:00', '2026-12-04T05:00:00+01:00', afternoon)).toBe(
      'beendet heute',
    )
    expect(de.formatValidity('2026-11-30T22:00:00+01:00', '2026-12-04T23:59:59.999+01:00', afternoon)).toBe(
      'bis heute',
    )
  })
}

// English pages: the same Berlin days in British English, Monday still first, 24-hour times.
function englishDates() {
  it('writes long and short English dates', () => {
    expect(en.formatLongDate('2026-11-21T00:00:00.000+01:00')).toBe('21 November 2026')
    expect(en.formatShortDate('2026-11-21T00:00:00.000+01:00')).toBe('Sat 21 Nov 2026')
    expect(en.formatFullDate('2026-11-23T12:00:00+01:00')).toBe('Monday 23 November 2026')
    expect(en.formatStand('2020-03')).toBe('March 2020')
    expect(en.formatStand('2020')).toBe('2020')
  })

  it('writes an instant on the 24-hour clock, without "Uhr"', () => {
    expect(en.formatDateTime('2026-11-24T13:05:00Z')).toBe('24 November 2026, 14:05')
    expect(en.formatDateTime('2026-07-01T07:09:00Z')).toBe('1 July 2026, 09:09')
    expect(en.formatDateTime('2026-12-31T23:30:00Z')).toBe('1 January 2027, 00:30')
  })

  it('takes the day from the Berlin wall clock across the DST changes', () => {
    expect(en.formatLongDate('2026-11-20T23:30:00Z')).toBe('21 November 2026')
    expect(en.formatShortDate('2026-10-24T22:30:00Z')).toBe('Sun 25 Oct 2026')
    expect(en.formatShortDate('2026-10-25T23:00:00Z')).toBe('Mon 26 Oct 2026')
    expect(en.formatShortDate('2026-03-29T22:30:00Z')).toBe('Mon 30 Mar 2026')
  })

  it('writes ranges as British typesetting does', () => {
    expect(en.formatDateRange('2026-11-23T00:00:00+01:00', '2026-11-27T00:00:00+01:00')).toBe(
      '23–27 November 2026',
    )
    expect(en.formatDateRange('2026-11-30T00:00:00+01:00', '2026-12-04T00:00:00+01:00')).toBe(
      '30 November – 4 December 2026',
    )
    expect(en.formatDateRange('2026-12-28T00:00:00+01:00', '2027-01-03T00:00:00+01:00')).toBe(
      '28 December 2026 – 3 January 2027',
    )
    expect(en.formatDateRange('2026-11-23T00:00:00+01:00', '2026-11-23T18:00:00+01:00')).toBe(
      '23 November 2026',
    )
    expect(en.formatDateRange('2026-11-23T00:00:00+01:00', null)).toBe('from 23 November 2026')
  })

  it('counts relative days in Berlin calendar days', () => {
    const now = '2026-11-23T10:00:00+01:00'
    expect(en.formatRelativeDay('2026-11-20T08:00:00+01:00', now)).toBe('3 days ago')
    expect(en.formatRelativeDay('2026-11-23T23:59:00+01:00', now)).toBe('today')
    expect(en.formatRelativeDay('2026-11-24T00:00:00+01:00', now)).toBe('tomorrow')
    expect(en.formatRelativeDay('2026-11-22T23:59:00+01:00', now)).toBe('yesterday')
    expect(en.formatRelativeDay('2026-10-27T00:00:00+01:00', '2026-10-24T12:00:00+02:00')).toBe('in 3 days')
  })

  it('says where a notice stands today', () => {
    const now = '2026-11-23T10:00:00+01:00'
    expect(en.formatValidity('2026-11-23T18:00:00+01:00', null, now)).toBe('from today')
    expect(en.formatValidity('2026-11-24T00:00:00+01:00', null, now)).toBe('from tomorrow')
    expect(en.formatValidity('2026-11-26T00:00:00+01:00', null, now)).toBe('from Thu 26 Nov 2026')
    expect(en.formatValidity('2026-11-23T00:00:00+01:00', null, now)).toBe('started today')
    expect(en.formatValidity('2026-11-22T00:00:00+01:00', null, now)).toBe('started yesterday')
    expect(en.formatValidity('2026-11-20T00:00:00+01:00', null, now)).toBe('started 3 days ago')
    expect(en.formatValidity('2026-11-20T00:00:00+01:00', '2026-11-27T00:00:00+01:00', now)).toBe(
      'until Fri 27 Nov 2026',
    )
    expect(en.formatValidity('2026-11-20T00:00:00+01:00', '2026-11-24T00:00:00+01:00', now)).toBe(
      'until tomorrow',
    )
    expect(en.formatValidity('2026-11-10T00:00:00+01:00', '2026-11-20T00:00:00+01:00', now)).toBe(
      'ended 3 days ago',
    )
    expect(en.formatValidity('2026-11-10T00:00:00+01:00', '2026-11-23T05:00:00+01:00', now)).toBe(
      'ended today',
    )
  })
}

describe('German and English dates in Europe/Berlin', () => {
  it('starts weeks on Monday with the German locale', () => {
    expect(WEEK_STARTS_ON).toBe(1)
    // November 2026 begins on a Sunday: its calendar starts on the Monday before, ends on a Sunday.
    expect(calendarSpan('2026-11-15T12:00:00+01:00')).toEqual({ first: '2026-10-26', last: '2026-12-06' })
    expect(de.formatFullDate('2026-11-23T12:00:00+01:00')).toBe('Montag, 23. November 2026')
  })

  it('gives each language one set of functions, so that a memo may depend on it', () => {
    expect(datesIn('en')).toBe(en)
    expect(datesIn('de')).toBe(de)
  })

  describe(`in the machine's zone (${Intl.DateTimeFormat().resolvedOptions().timeZone})`, () => {
    berlinDates()
    englishDates()
  })

  // Zones on both sides of Berlin, so that a slip to the machine's clock shows as a wrong day.
  describe.each([
    ['America/New_York', 5 * 60],
    ['Pacific/Kiritimati', -14 * 60],
  ])('with the process in %s', (zone, offsetInJanuary) => {
    // Node applies a new TZ at once, to Date and Intl alike; the first test checks that it did.
    beforeAll(() => {
      vi.stubEnv('TZ', zone)
    })
    afterAll(() => {
      vi.unstubAllEnvs()
    })

    it('really runs in that zone', () => {
      expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(offsetInJanuary)
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone)
    })

    berlinDates()
    englishDates()
  })
})

describe('calendar helpers', () => {
  it('spans a month in whole weeks from Monday', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    expect(calendarSpan('2026-11-15T12:00:00+01:00')).toEqual({ first: '2026-10-26', last: '2026-12-06' })
  })

  it('gives Berlin midnights across a DST change for queries', () => {
    expect(berlinMidnight('2026-10-24T12:00:00Z')).toBe('2026-10-24T00:00:00.000+02:00')
    expect(berlinMidnight('2026-10-24T12:00:00Z', 2)).toBe('2026-10-26T00:00:00.000+01:00')
  })

  it('reads day keys as Berlin midnight and refuses malformed ones', () => {
    expect(fromDayKey('2026-10-25')?.toISOString()).toBe('2026-10-25T00:00:00.000+02:00')
    expect(fromDayKey('2026-10-26')?.toISOString()).toBe('2026-10-26T00:00:00.000+01:00')
    expect(fromDayKey('2026-02-30')).toBeNull()
    expect(fromDayKey('gestern')).toBeNull()
    expect(de.formatFullDate(fromDayKey('2026-11-23')!)).toBe('Montag, 23. November 2026')
  })
})
