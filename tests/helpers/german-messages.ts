// The app's German messages as a `Translate` (web/i18n/intl.tsx), for tests of functions that take
// one where a component passes its `useMessages()`; the catalog parsed at run time, as the tests'
// IntlProvider does. Typed here without importing intl.tsx, which the server's NodeNext build
// cannot compile; the web tests that pass it on check that it still fits.
import { createIntl } from 'react-intl'
import de from '../../web/i18n/messages/de.json' with { type: 'json' }

const intl = createIntl({ locale: 'de', defaultLocale: 'de', messages: de })

export function germanMessages(): (
  id: keyof typeof de,
  values?: Record<string, string | number | Date>,
) => string {
  return (id, values) => intl.formatMessage({ id }, values)
}
