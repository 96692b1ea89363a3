import { Message, useLocale } from '../i18n/intl.tsx'
import { CONTENT_LOCALES, DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts'

/**
 * The language of an entry's text where it is not the page's: on an English page, a page or notice
 * without an English version comes in German (the content service's fallback to de-DE, told by its
 * `language`). Its German parts carry this as `lang`, so that screen readers read them as German.
 * Undefined where the text is in the page's language.
 */
export function useTextLanguage(entry: { language?: string | null }): Locale | undefined {
  const locale = useLocale()
  const german = entry.language === CONTENT_LOCALES[DEFAULT_LOCALE]
  return locale !== DEFAULT_LOCALE && german ? DEFAULT_LOCALE : undefined
}

/** Says above a page or notice shown in German on a page in another language that it has no other. */
export function OnlyInGermanNote({ of }: { of: 'page' | 'notice' }) {
  return (
    <p className="content-language-note">
      <Message id={of === 'page' ? 'content.onlyGerman.page' : 'content.onlyGerman.notice'} />
    </p>
  )
}
