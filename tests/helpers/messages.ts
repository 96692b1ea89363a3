// The app's messages as a `Translate`, for tests of functions that take one (a component passes its
// `useMessages()`): react-intl's own formatter over a catalog, as in the app.
import { createIntl } from 'react-intl'
import type { MessageId, Translate } from '../../web/i18n/intl.tsx'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }
import en from '../../web/i18n/messages/en.json' with { type: 'json' }

export function germanMessages(): Translate {
  const intl = createIntl({ locale: 'de', defaultLocale: 'de', messages: de })
  return (id: MessageId, values) => intl.formatMessage({ id }, values)
}

/** The English messages, as an English page has them. */
export function englishMessages(): Translate {
  const intl = createIntl({ locale: 'en', defaultLocale: 'de', messages: en })
  return (id: MessageId, values) => intl.formatMessage({ id }, values)
}
