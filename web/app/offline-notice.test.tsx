import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { AppIntl, loadMessages } from '../i18n/intl.tsx'
import type { Locale } from '../i18n/locale.ts'
import { answeredOnDevice } from '../offline/offline-state.ts'
import { datesIn } from '../shared/dates.ts'
import { OfflineNotice } from './offline-notice.tsx'

// The notice as the browser shows it: on the server it never shows (the device's answers are the
// browser's), so the store is read with its browser snapshot here.
vi.mock('react', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react')>()),
  useSyncExternalStore: (_subscribe: unknown, browserSnapshot: () => unknown) => browserSnapshot(),
}))

/** The notice's text while the app answers from the device's data of `instant`. */
function noticeText(instant: string, locale: Locale = 'de'): string {
  answeredOnDevice(instant)
  return renderToStaticMarkup(
    <AppIntl locale={locale}>
      <OfflineNotice />
    </AppIntl>,
  ).replace(/<[^>]+>/g, '')
}

const INSTANTS = [
  '2026-11-24T10:00:00Z',
  '2026-11-20T23:30:00Z',
  '2026-03-29T00:30:00Z',
  '2026-12-31T23:59:00Z',
  '2027-05-01T12:00:00+02:00',
]

describe('the offline notice’s date', () => {
  it('reads as formatLongDate writes it, in Berlin, on both sides of midnight and of the year', () => {
    for (const instant of INSTANTS) {
      expect(noticeText(instant)).toBe(`Offline – Daten vom ${datesIn('de').formatLongDate(instant)}`)
    }
    expect(noticeText('2026-11-24T10:00:00Z')).toBe('Offline – Daten vom 24. November 2026')
  })

  it('reads in English on English pages, as formatLongDate writes it there', async () => {
    await loadMessages('en')
    for (const instant of INSTANTS) {
      expect(noticeText(instant, 'en')).toBe(`Offline – data from ${datesIn('en').formatLongDate(instant)}`)
    }
    expect(noticeText('2026-11-24T10:00:00Z', 'en')).toBe('Offline – data from 24 November 2026')
  })
})
