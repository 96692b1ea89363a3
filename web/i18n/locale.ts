// The app's languages and how an address names one: German at the site's root (`/suche`), English
// under `/en` (`/en/suche`). The rest of an address is spelled the same in both languages, query
// parameters and filter values too, so that an address changes language by its prefix alone and a
// link shared in one language opens the same page and state in the other (docs/web.md, Structure).

export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
/** The site's language: its pages at the root, and `x-default` for search engines. */
export const DEFAULT_LOCALE: Locale = 'de'

const PREFIXES: Record<Locale, string> = { de: '', en: '/en' }

/** The language of a path (without query): English under `/en`, German everywhere else. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LOCALE
}

/** The path every address of a language starts with: `''` for German, `/en` for English. */
export function localeBase(locale: Locale): string {
  return PREFIXES[locale]
}

/** A path (with query, maybe) as the app names it, without its language's prefix: `/en/suche` → `/suche`. */
export function withoutLocale(path: string): string {
  const prefix = PREFIXES[localeOfPath(path.split(/[?#]/, 1)[0] ?? '')]
  if (!prefix) return path
  const rest = path.slice(prefix.length)
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest
}

/** An app path (`/suche?q=x`, `/`) in a language: `/en/suche?q=x`, `/en`. */
export function pathInLocale(path: string, locale: Locale): string {
  const prefix = PREFIXES[locale]
  if (!prefix) return path
  return path === '/' || path.startsWith('/?') || path.startsWith('/#')
    ? `${prefix}${path.slice(1)}`
    : `${prefix}${path}`
}

/** The same page in another language: its path, query and hash kept. */
export function switchLocale(path: string, locale: Locale): string {
  return pathInLocale(withoutLocale(path), locale)
}

/** BCP 47 tags as `<html lang>`, `hreflang` and the content service (Contentful's locale codes) name them. */
export const CONTENT_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-US' }
