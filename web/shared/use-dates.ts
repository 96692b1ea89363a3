import { useLocale } from '../i18n/intl.tsx'
import { type Dates, datesIn } from './dates.ts'

/** The date functions of the page's language (shared/dates.ts): "21. November 2026", "21 November 2026". */
export function useDates(): Dates {
  return datesIn(useLocale())
}
