import { useSyncExternalStore } from 'react'
import { Message, useLocale } from '../i18n/intl.tsx'
import type { Locale } from '../i18n/locale.ts'
import { deviceAnswersDate, subscribeToDeviceAnswers } from '../offline/offline-state.ts'

/**
 * "24. November 2026" ("24 November 2026"), as formatLongDate in shared/dates.ts writes it, but
 * with the browser's own Intl: the layout is in every page's first bundle, and date-fns with its
 * locales is not. (offline-notice.test.tsx holds the two to the same text in each language.)
 */
const DATA_DATE_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' }

function formatDataDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(DATA_DATE_LOCALES[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(date)
}

/**
 * "Offline – Daten vom 24. November 2026": a quiet strip under the header while the answers come
 * from the device's copy of the index; it goes as soon as the service answers again.
 */
/** The date of the device's data while the app answers from it, else null (always null on the server). */
function useDeviceAnswers(): string | null {
  return useSyncExternalStore(subscribeToDeviceAnswers, deviceAnswersDate, () => null)
}

export function OfflineNotice() {
  const dataDate = useDeviceAnswers()
  const locale = useLocale()
  if (!dataDate) return null
  return (
    <p className="offline-notice" role="status">
      <Message
        id="offline.dataFrom"
        values={{
          state: (chunks) => <span className="offline-notice__state">{chunks}</span>,
          date: formatDataDate(new Date(dataDate), locale),
        }}
      />
    </p>
  )
}
