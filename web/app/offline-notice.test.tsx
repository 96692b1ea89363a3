import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { AppIntl } from '../i18n/intl.tsx'
import { answeredOnDevice } from '../offline/offline-state.ts'
import { formatLongDate } from '../shared/dates.ts'
import { OfflineNotice } from './offline-notice.tsx'

// The notice as the browser shows it: on the server it never shows (the device's answers are the
// browser's), so the store is read with its browser snapshot here.
vi.mock('react', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react')>()),
  useSyncExternalStore: (_subscribe: unknown, browserSnapshot: () => unknown) => browserSnapshot(),
}))

/** The notice's text while the app answers from the device's data of `instant`. */
function noticeText(instant: string): string {
  answeredOnDevice(instant)
  return renderToStaticMarkup(
    <AppIntl>
      <OfflineNotice />
    </AppIntl>,
  ).replace(/<[^>]+>/g, '')
}

describe('the offline notice’s date', () => {
  it('reads as formatLongDate writes it, in Berlin, on both sides of midnight and of the year', () => {
    for (const instant of [
      '2026-11-24T10:00:00Z',
      '2026-11-20T23:30:00Z',
      '2026-03-29T00:30:00Z',
      '2026-12-31T23:59:00Z',
      '2027-05-01T12:00:00+02:00',
    ]) {
      expect(noticeText(instant)).toBe(`Offline – Daten vom ${formatLongDate(instant)}`)
    }
    expect(noticeText('2026-11-24T10:00:00Z')).toBe('Offline – Daten vom 24. November 2026')
  })
})
