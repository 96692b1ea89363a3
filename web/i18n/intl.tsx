// The app's words come from message catalogs (web/i18n/messages/, ICU MessageFormat) through
// FormatJS's react-intl: one provider per render, on the server as in the browser. Components ask
// for a message by its id; the ids are the German catalog's keys, so a typo or a missing message
// is a type error. German is the app's language and the catalogs' source; docs/i18n.md says how
// to add a message.
import { type ReactNode, useCallback } from 'react'
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl'
import de from './messages/de.json' with { type: 'json' }

export type MessageId = keyof typeof de

/** Values a message's placeholders take: text, numbers and dates; React nodes only in `Message`. */
type Values = Record<string, string | number | Date>

/** Every component below gets the app's messages. */
export function AppIntl({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="de" defaultLocale="de" messages={de}>
      {children}
    </IntlProvider>
  )
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
