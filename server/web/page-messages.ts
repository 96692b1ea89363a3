// The words the server writes outside the app's render (a page's head, the too-many-requests page,
// the shell's note for readers without JavaScript) from the app's own catalogs
// (web/i18n/messages/), so that a page's title is the same whether the server or the app wrote it.
// FormatJS without React: the serving process loads no renderer.
import { createIntl } from '@formatjs/intl'
import type { MessageId, Translate } from '../../web/i18n/intl.tsx'
import type { Locale } from '../../web/i18n/locale.ts'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }
import en from '../../web/i18n/messages/en.json' with { type: 'json' }

const CATALOGS: Record<Locale, Record<string, string>> = { de, en }
const made: Partial<Record<Locale, Translate>> = {}

/** The server's words in a language (German, the app's language, when not given). */
export function pageMessages(locale: Locale = 'de'): Translate {
  let t = made[locale]
  if (!t) {
    const intl = createIntl({ locale, defaultLocale: 'de', messages: CATALOGS[locale] })
    t = (id: MessageId, values) => intl.formatMessage({ id }, values)
    made[locale] = t
  }
  return t
}
