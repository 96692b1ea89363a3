import { describe, expect, it, vi } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { berlinTime } from '../shared/dates.ts'
import { dayHoursText, groupDaysText, openingStatus, statusText, weekGroups } from './opening-hours.ts'
import { isNationwideHoliday } from './public-holidays.ts'
import type { WeeklyHours } from './station.ts'

const t = germanMessages()

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
  const text = statusText(result, now, t)
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

describe('week summary', () => {
  /** "täglich rund um die Uhr", "Mo–Fr 6:00–22:00": the week as the station page's table states it. */
  const lines = (hours: WeeklyHours) =>
    weekGroups(hours).map((group) => `${groupDaysText(group, 'short', t)} ${dayHoursText(group.hours, t)}`)

  it('says "täglich rund um die Uhr" once when every day and the holidays are alike', () => {
    expect(lines(every('00:00', '24:00', { from: '00:00', to: '24:00' }))).toEqual([
      'täglich rund um die Uhr',
    ])
    // "23:59" reads as midnight, so such a day is the same as "24:00".
    expect(lines({ ...every('00:00', '24:00'), sunday: { from: '00:00', to: '23:59' } })).toEqual([
      'täglich rund um die Uhr',
    ])
    expect(lines(every('06:00', '23:30', { from: '06:00', to: '23:30' }))).toEqual(['täglich 6:00–23:30'])
  })

  it('groups equal consecutive days, Monday first', () => {
    const hours: WeeklyHours = {
      ...every('06:00', '22:00'),
      saturday: { from: '08:00', to: '20:00' },
      sunday: { from: '08:00', to: '20:00' },
    }
    expect(lines(hours)).toEqual(['Mo–Fr 6:00–22:00', 'Sa, So 8:00–20:00'])
  })

  it('joins the holidays to Sunday when they share its hours, else names them apart', () => {
    const weekdays = { from: '07:50', to: '18:10' }
    const hours: WeeklyHours = {
      monday: weekdays,
      tuesday: weekdays,
      wednesday: weekdays,
      thursday: weekdays,
      friday: weekdays,
      saturday: { from: '08:50', to: '19:10' },
      sunday: { from: '08:50', to: '21:10' },
      holiday: { from: '08:50', to: '21:10' },
    }
    expect(lines(hours)).toEqual(['Mo–Fr 7:50–18:10', 'Sa 8:50–19:10', 'So und Feiertage 8:50–21:10'])
    expect(lines(every('06:00', '22:00', { from: '08:00', to: '16:00' }))).toEqual([
      'täglich 6:00–22:00',
      'Feiertage 8:00–16:00',
    ])
  })

  it('keeps equal days apart when other days lie between them, and says when it is closed', () => {
    const hours: WeeklyHours = {
      monday: { from: '06:00', to: '18:00' },
      friday: { from: '06:00', to: '18:00' },
      saturday: { from: '00:00', to: '00:00' },
    }
    expect(lines(hours)).toEqual([
      'Mo 6:00–18:00',
      'Di–Do geschlossen',
      'Fr 6:00–18:00',
      'Sa keine Angabe',
      'So geschlossen',
    ])
  })

  it('spells the days out for screen readers', () => {
    const hours: WeeklyHours = {
      ...every('06:00', '22:00'),
      saturday: { from: '08:00', to: '20:00' },
      sunday: { from: '08:00', to: '20:00' },
      holiday: { from: '08:00', to: '20:00' },
    }
    expect(weekGroups(hours).map((group) => groupDaysText(group, 'long', t))).toEqual([
      'Montag bis Freitag',
      'Samstag, Sonntag und Feiertage',
    ])
    expect(weekGroups(hours).map((group) => groupDaysText(group, 'short', t))).toEqual([
      'Mo–Fr',
      'Sa, So und Feiertage',
    ])
    const weekend = weekGroups({
      saturday: { from: '08:00', to: '20:00' },
      sunday: { from: '08:00', to: '20:00' },
    })
    expect(weekend.map((group) => groupDaysText(group, 'long', t))).toEqual([
      'Montag bis Freitag',
      'Samstag und Sonntag',
    ])
  })

  it('writes times the German way and names the odd cases', () => {
    const hours: WeeklyHours = {
      monday: { from: '06:00', to: '22:30' },
      tuesday: { from: '00:00', to: '24:00' },
      wednesday: { from: '00:00', to: '23:59' },
      thursday: { from: '06:00', to: '00:00' },
      friday: { from: '08:00', to: '08:00' },
    }
    // Tuesday's 24:00 and Wednesday's 23:59 are the same hours: one line.
    expect(lines(hours)).toEqual([
      'Mo 6:00–22:30',
      'Di, Mi rund um die Uhr',
      'Do 6:00–24:00',
      'Fr keine Angabe',
      'Sa, So geschlossen',
    ])
  })
})

describe('nationwide holidays', () => {
  it('computes Easter and the holidays that follow it', () => {
    // Easter 2026 is on 5 April: Karfreitag on the 3rd, Ostermontag on the 6th.
    for (const day of [3, 6])
      expect(isNationwideHoliday({ year: 2026, month: 4, day }), `${day}.4.2026`).toBe(true)
    for (const day of [2, 5, 7])
      expect(isNationwideHoliday({ year: 2026, month: 4, day }), `${day}.4.2026`).toBe(false)
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
