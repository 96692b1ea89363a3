// The app's words come from message catalogs (web/i18n/messages/, ICU MessageFormat) through
// FormatJS's react-intl: one formatter per language, made once and shared by every render (on the
// server by every page, whose formatters it keeps, rather than made anew for each). Components ask
// for a message by its id; the ids are the German catalog's keys, so a typo or a missing message
// is a type error. German is the app's language and the catalogs' source (decision 0025 in
// docs/decisions/ says why this way); English is loaded only for English pages (locale.ts).
import { type ReactNode, useCallback } from 'react'
import {
  createIntl,
  createIntlCache,
  FormattedMessage,
  type IntlShape,
  RawIntlProvider,
  useIntl,
} from 'react-intl'
import { DEFAULT_LOCALE, type Locale, pathInLocale } from './locale.ts'
import de from './messages/de.json' with { type: 'json' }

export type MessageId = keyof typeof de
type Catalog = Record<string, string>

/** The catalogs loaded so far: German is part of the first bundle, English comes when a page needs it. */
const catalogs: Partial<Record<Locale, Catalog>> = { de }

/** Loads a language's catalog (once); a page renders in a language only after this resolved. */
export async function loadMessages(locale: Locale): Promise<void> {
  if (catalogs[locale]) return
  if (locale === 'en') catalogs.en = (await import('./messages/en.json', { with: { type: 'json' } })).default
}

/** Values a message's placeholders take: text, numbers and dates; React nodes only in `Message`. */
type Values = Record<string, string | number | Date>

/** The formatters of each language's messages, dates and numbers, kept across renders. */
const formatterCache = createIntlCache()
const intls: Partial<Record<Locale, IntlShape>> = {}

/** A language's formatter, made once its catalog is loaded. */
function intlOf(locale: Locale): IntlShape {
  const made = intls[locale]
  if (made) return made
  const intl = createIntl(
    { locale, defaultLocale: DEFAULT_LOCALE, messages: catalogs[locale] ?? de },
    formatterCache,
  )
  intls[locale] = intl
  return intl
}

/**
 * Every component below gets the messages of `locale` (German when not given). A language whose
 * catalog is not loaded yet (`loadMessages`) shows in German rather than in message ids.
 */
export function AppIntl({ locale = DEFAULT_LOCALE, children }: { locale?: Locale; children: ReactNode }) {
  return (
    <RawIntlProvider value={intlOf(catalogs[locale] ? locale : DEFAULT_LOCALE)}>{children}</RawIntlProvider>
  )
}

/** The language the page is shown in. */
export function useLocale(): Locale {
  return useIntl().locale as Locale
}

/** A message as text, for code outside components: a component passes its `useMessages()` on. */
export type Translate = (id: MessageId, values?: Values) => string

/**
 * A function that gives a message as text (for attributes, titles and labels). The same function
 * for as long as the messages are, so that an effect may depend on it.
 */
export function useMessages(): Translate {
  const intl = useIntl()
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl])
}

/** A message as React nodes; `values` may hold elements, and functions for its tags (`<b>…</b>`). */
export function Message({
  id,
  values,
}: {
  id: MessageId
  values?: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>
}) {
  return <FormattedMessage id={id} values={values} />
}

/**
 * A function that puts an app path (`/suche?q=x`) under the page's language (`/en/suche?q=x`), for
 * addresses written out as they are: `href`s of plain links and the `action` of forms. The router's
 * own `Link` and `navigate` add it themselves (its basename).
 */
export function usePathInLocale(): (path: string) => string {
  const locale = useLocale()
  return useCallback((path: string) => pathInLocale(path, locale), [locale])
}
