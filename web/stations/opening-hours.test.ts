import { describe, expect, it, vi } from 'vitest'
import { berlinTime } from '../shared/dates.ts'
import { dayHours, dayHoursText, openingStatus, statusText, tableDays } from './opening-hours.ts'
import { easterSunday, isNationwideHoliday } from './public-holidays.ts'
import type { WeeklyHours } from './station.ts'

function every(from: string, to: string, holiday?: { from: string; to: string }): WeeklyHours {
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
  return {
    ...Object.fromEntries(days.map((day) => [day, { from, to }])),
    ...(holiday ? { holiday } : {}),
  }
}

/** The status line as the page shows it, at an instant given with its UTC offset. */
function status(hours: WeeklyHours, instant: string): string {
  const now = new Date(instant)
  const result = openingStatus(hours, now)
  if (!result) return 'unklar'
  const text = statusText(result, now)
  return `${text.label} · ${text.detail}`
}

const daily = every('06:00', '22:30')

describe('opening status in Europe/Berlin', () => {
  it('is open until the closing time of today', () => {
    // Wednesday, 12 March 2025, 10:00 in Berlin (CET).
    expect(status(daily, '2025-03-12T10:00:00+01:00')).toBe('Jetzt geöffnet · bis 22:30')
  })

  it('names the next opening today, tomorrow, or on a weekday', () => {
    expect(status(daily, '2025-03-12T05:59:00+01:00')).toBe('Jetzt geschlossen · Öffnet um 6:00')
    expect(status(daily, '2025-03-12T22:30:00+01:00')).toBe('Jetzt geschlossen · Öffnet morgen um 6:00')
    const weekdays: WeeklyHours = {
      monday: { from: '06:00', to: '18:00' },
      friday: { from: '08:00', to: '12:00' },
    }
    // Friday 13:00 → next Monday.
    expect(status(weekdays, '2025-03-14T13:00:00+01:00')).toBe('Jetzt geschlossen · Öffnet Montag um 6:00')
    // Monday evening, and Monday is the only open day: a week away.
    const mondays: WeeklyHours = { monday: { from: '06:00', to: '18:00' } }
    expect(status(mondays, '2025-03-10T19:00:00+01:00')).toBe(
      'Jetzt geschlossen · Öffnet nächsten Montag um 6:00',
    )
  })

  it('reads the time in Berlin, not in the time zone of the computer', () => {
    // 23:30 UTC is already 00:30 on Thursday in Berlin: closed, opens at 6:00 the same Berlin day.
    expect(status(daily, '2025-03-12T23:30:00Z')).toBe('Jetzt geschlossen · Öffnet um 6:00')
    // 05:30 UTC in summer is 07:30 in Berlin (CEST).
    expect(status(daily, '2025-07-02T05:30:00Z')).toBe('Jetzt geöffnet · bis 22:30')
  })

  it('does not depend on the process time zone', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles')
    try {
      expect(new Date('2025-03-12T23:30:00Z').getHours()).toBe(16)
      expect(berlinTime(new Date('2025-03-12T23:30:00Z'))).toMatchObject({ day: 13, weekday: 3, minutes: 30 })
      expect(status(daily, '2025-03-12T23:30:00Z')).toBe('Jetzt geschlossen · Öffnet um 6:00')
    } finally {
      vi.unstubAllEnvs()
    }
  })

  describe('around midnight', () => {
    const lateOpen = every('06:00', '24:00')
    it('closes at 24:00, said as such, and opens the next morning', () => {
      expect(status(lateOpen, '2025-03-12T23:59:00+01:00')).toBe('Jetzt geöffnet · bis 24:00')
      expect(status(lateOpen, '2025-03-13T00:00:00+01:00')).toBe('Jetzt geschlossen · Öffnet um 6:00')
    })

    it('reads a closing "00:00" and "23:59" as midnight', () => {
      expect(status(every('06:00', '00:00'), '2025-03-12T23:00:00+01:00')).toBe('Jetzt geöffnet · bis 24:00')
      expect(status(every('00:00', '23:59'), '2025-03-12T23:59:30+01:00')).toBe(
        'Jetzt geöffnet · rund um die Uhr',
      )
    })

    it('runs an opening through midnight into the next day', () => {
      const hours: WeeklyHours = {
        ...every('06:00', '24:00'),
        thursday: { from: '00:00', to: '02:00' },
      }
      expect(status(hours, '2025-03-12T23:00:00+01:00')).toBe('Jetzt geöffnet · bis morgen 2:00')
    })

    it('is round the clock when every day is 0:00–24:00', () => {
      expect(status(every('00:00', '24:00'), '2025-03-12T03:00:00+01:00')).toBe(
        'Jetzt geöffnet · rund um die Uhr',
      )
    })
  })

  describe('on the days the clocks change', () => {
    const early = every('02:30', '03:30')
    it('spring forward (30 March 2025, 2:00 → 3:00)', () => {
      // 00:59 UTC = 01:59 CET; one minute later it is 03:00 CEST.
      expect(status(early, '2025-03-30T00:59:00Z')).toBe('Jetzt geschlossen · Öffnet um 2:30')
      expect(status(early, '2025-03-30T01:00:00Z')).toBe('Jetzt geöffnet · bis 3:30')
      expect(status(early, '2025-03-30T01:30:00Z')).toBe('Jetzt geschlossen · Öffnet morgen um 2:30')
    })

    it('fall back (26 October 2025, 3:00 → 2:00)', () => {
      // 00:45 UTC = 02:45 CEST; 01:45 UTC = 02:45 CET, the second 2:45 of the night.
      expect(status(early, '2025-10-26T00:45:00Z')).toBe('Jetzt geöffnet · bis 3:30')
      expect(status(early, '2025-10-26T01:45:00Z')).toBe('Jetzt geöffnet · bis 3:30')
      expect(status(early, '2025-10-26T02:45:00Z')).toBe('Jetzt geschlossen · Öffnet morgen um 2:30')
    })
  })

  it('uses the holiday hours on a nationwide holiday', () => {
    const hours = every('06:00', '22:00', { from: '08:00', to: '16:00' })
    // Thursday, 25 December 2025, 07:00: a holiday, opens at 8:00 instead of 6:00.
    expect(status(hours, '2025-12-25T07:00:00+01:00')).toBe('Jetzt geschlossen · Öffnet um 8:00')
    expect(status(hours, '2025-12-25T17:00:00+01:00')).toBe('Jetzt geschlossen · Öffnet morgen um 8:00')
    expect(status(hours, '2025-12-27T17:00:00+01:00')).toBe('Jetzt geöffnet · bis 22:00')
  })

  it('says nothing when the data cannot tell', () => {
    expect(status(every('00:00', '00:00'), '2025-03-12T10:00:00+01:00')).toBe('unklar')
    // Unclear tomorrow and closed today: the next opening is unknown.
    const hours: WeeklyHours = {
      wednesday: { from: '06:00', to: '08:00' },
      thursday: { from: '08:00', to: '08:00' },
    }
    expect(status(hours, '2025-03-12T10:00:00+01:00')).toBe('unklar')
  })

  it('is closed for the coming week when no day is open', () => {
    expect(status({}, '2025-03-12T10:00:00+01:00')).toBe(
      'Jetzt geschlossen · In den nächsten Tagen nicht geöffnet',
    )
  })
})

describe('week table', () => {
  it('lists Monday first and the holiday row last', () => {
    expect(tableDays(every('06:00', '22:00', { from: '08:00', to: '16:00' }))).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
      'holiday',
    ])
    expect(tableDays({ monday: { from: '06:00', to: '22:00' } })).toHaveLength(7)
  })

  it('writes times the German way and names the odd cases', () => {
    const hours: WeeklyHours = {
      monday: { from: '06:00', to: '22:30' },
      tuesday: { from: '00:00', to: '24:00' },
      wednesday: { from: '00:00', to: '23:59' },
      thursday: { from: '06:00', to: '00:00' },
      friday: { from: '08:00', to: '08:00' },
    }
    expect(dayHoursText(dayHours(hours, 'monday'))).toBe('6:00–22:30')
    expect(dayHoursText(dayHours(hours, 'tuesday'))).toBe('rund um die Uhr')
    expect(dayHoursText(dayHours(hours, 'wednesday'))).toBe('rund um die Uhr')
    expect(dayHoursText(dayHours(hours, 'thursday'))).toBe('6:00–24:00')
    expect(dayHoursText(dayHours(hours, 'friday'))).toBe('keine Angabe')
    expect(dayHoursText(dayHours(hours, 'saturday'))).toBe('geschlossen')
  })
})

describe('nationwide holidays', () => {
  it('computes Easter and the holidays that follow it', () => {
    expect(easterSunday(2025)).toEqual({ year: 2025, month: 4, day: 20 })
    expect(easterSunday(2026)).toEqual({ year: 2026, month: 4, day: 5 })
    for (const [month, day] of [
      [4, 18], // Karfreitag
      [4, 21], // Ostermontag
      [5, 29], // Christi Himmelfahrt
      [6, 9], // Pfingstmontag
      [10, 3],
      [12, 26],
    ] as const) {
      expect(isNationwideHoliday({ year: 2025, month, day }), `${day}.${month}.`).toBe(true)
    }
    expect(isNationwideHoliday({ year: 2025, month: 4, day: 20 })).toBe(false)
    expect(isNationwideHoliday({ year: 2025, month: 6, day: 19 })).toBe(false) // Fronleichnam: not nationwide
  })
})
