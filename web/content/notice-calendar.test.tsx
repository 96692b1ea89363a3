import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AppIntl, loadMessages } from '../i18n/intl.tsx'
import type { Locale } from '../i18n/locale.ts'
import { fromDayKey } from '../shared/dates.ts'
import { NoticeCalendar } from './notice-calendar.tsx'

/** The month calendar of November 2026 as the server writes it in a language. */
function calendar(locale: Locale): string {
  const month = fromDayKey('2026-11-01')
  if (!month) throw new Error('no month')
  return renderToStaticMarkup(
    <AppIntl locale={locale}>
      <NoticeCalendar
        counts={new Map([['2026-11-23', 2]])}
        starts={new Map([['2026-11-23', 1]])}
        from={null}
        to={null}
        month={month}
        onMonthChange={() => {}}
        onSelect={() => {}}
        linkTo={() => '/meldungen'}
      />
    </AppIntl>,
  )
}

/** The weekdays' names in the first calendar's header (the second one is for pages without the script). */
function weekdays(html: string): string[] {
  return [...html.matchAll(/<th[^>]*aria-label="([^"]+)"[^>]*class="rdp-weekday"/g)]
    .map((match) => match[1] ?? '')
    .slice(0, 7)
}

describe('the notices calendar', () => {
  it('starts its weeks on Monday in German, with German names', () => {
    const html = calendar('de')
    expect(weekdays(html).slice(0, 2)).toEqual(['Montag', 'Dienstag'])
    expect(html).toContain('November 2026')
    expect(html).toContain('Montag, 23. November 2026, 1 Meldung beginnt, 2 gültige Meldungen')
  })

  it('starts its weeks on Monday in English too (Germany’s calendar), with English names', async () => {
    await loadMessages('en')
    const html = calendar('en')
    expect(weekdays(html)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ])
    expect(html).toContain('Monday 23 November 2026, 1 notice begins, 2 valid notices')
  })
})
