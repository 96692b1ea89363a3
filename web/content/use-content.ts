import { useCallback, useEffect } from 'react'
import { type AnyVariables, useQuery } from 'urql'
import { useLocale } from '../i18n/intl.tsx'
import { CONTENT_LOCALES } from '../i18n/locale.ts'
import { useOnline } from '../ui/use-online.ts'
import { receiptOf } from './kept-answers.ts'

export type ContentState<Data> =
  | { status: 'loading' }
  | { status: 'error' }
  /**
   * `keptFrom`: when the answer shown was received, if it may be out of date: kept from an earlier
   * visit because the service could not be reached, or the browser is offline.
   */
  | { status: 'ready'; data: Data; keptFrom?: string }

/**
 * A content query as the page needs it: loading (the retry exchange's second attempt included),
 * failed after the retry, or ready; `retry` runs it again past the cache. It asks in the page's
 * language (`$locale`, Contentful's locale code): being a variable, the locale is part of the key
 * of urql's cache and of the answers kept for offline use, so the languages never mix.
 */
export function useContent<Data, Variables extends AnyVariables = AnyVariables>(
  query: string,
  variables: Variables,
  /** `pause`: not asked (yet); the state stays loading. */
  { pause = false }: { pause?: boolean } = {},
): [ContentState<Data>, () => void] {
  const locale = CONTENT_LOCALES[useLocale()]
  const [result, reexecute] = useQuery<Data, Variables & { locale: string }>({
    query,
    variables: { ...variables, locale },
    pause,
  })
  const retry = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute])
  const online = useOnline()
  const { receivedAt, kept } = receiptOf(result.extensions)
  // A kept answer stands in until the service answers: ask again when the connection is back, and at
  // once when the browser has one (urql's own cache may hold a kept answer from earlier in the visit).
  useEffect(() => {
    if (!kept) return
    if (navigator.onLine) retry()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [kept, retry])
  // Failed without an answer (offline, nothing kept): ask again once the connection is back.
  const failed = !result.data && !!result.error
  useEffect(() => {
    if (!failed) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed, retry])
  // While a kept answer is asked again, it stays on screen.
  if ((result.fetching && !kept) || (!result.data && !result.error)) return [{ status: 'loading' }, retry]
  if (!result.data) {
    console.error(result.error)
    return [{ status: 'error' }, retry]
  }
  const keptFrom = kept || !online ? receivedAt : undefined
  return [
    keptFrom ? { status: 'ready', data: result.data, keptFrom } : { status: 'ready', data: result.data },
    retry,
  ]
}
