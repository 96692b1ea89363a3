import type { MouseEvent } from 'react'
import { useLocation } from 'react-router'
import { useLocale } from '../i18n/intl.tsx'
import { type Locale, pathInLocale, switchLocale } from '../i18n/locale.ts'

/** The other language, named in itself (a reader who needs it reads that word). */
const OTHER: Record<Locale, { locale: Locale; name: string }> = {
  de: { locale: 'en', name: 'English' },
  en: { locale: 'de', name: 'Deutsch' },
}

/**
 * The same page in the other language: its address with the other prefix, so the query, the
 * filters and the page number come along. A whole page load, as the other language brings its own
 * words, dates and content. On a click the address is read again: the search writes its state into
 * it a moment after a change, and the link must not lose that change.
 */
export function LanguageLink() {
  const locale = useLocale()
  const location = useLocation()
  const other = OTHER[locale]
  // The router's location is the path under the prefix.
  const href = pathInLocale(`${location.pathname}${location.search}`, other.locale)
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    const { pathname, search, hash } = window.location
    event.currentTarget.href = switchLocale(`${pathname}${search}${hash}`, other.locale)
  }
  return (
    <a className="language-link" href={href} hrefLang={other.locale} lang={other.locale} onClick={follow}>
      {other.name}
    </a>
  )
}
