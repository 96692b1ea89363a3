// The words the server writes outside the app's render (a page's head, the too-many-requests page)
// from the app's own catalogs (web/i18n/messages/), so that a page's title is the same whether the
// server or the app wrote it. FormatJS without React: the serving process loads no renderer.
import { createIntl } from '@formatjs/intl'
import type { MessageId, Translate } from '../../web/i18n/intl.tsx'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }

let german: Translate | undefined

/** The server's German words (the app's language). */
export function pageMessages(): Translate {
  if (!german) {
    const intl = createIntl({ locale: 'de', defaultLocale: 'de', messages: de })
    german = (id: MessageId, values) => intl.formatMessage({ id }, values)
  }
  return german
}
