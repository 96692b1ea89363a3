import { useCallback } from 'react'
import { type AnyVariables, useQuery } from 'urql'

export type ContentState<Data> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: Data }

/**
 * A content query as the page needs it: loading (the retry exchange's second attempt included),
 * failed after the retry, or ready; `retry` runs it again past the cache.
 */
export function useContent<Data, Variables extends AnyVariables = AnyVariables>(
  query: string,
  variables: Variables,
): [ContentState<Data>, () => void] {
  const [result, reexecute] = useQuery<Data, Variables>({ query, variables })
  const retry = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute])
  if (result.fetching || (!result.data && !result.error)) return [{ status: 'loading' }, retry]
  if (!result.data) {
    console.error(result.error)
    return [{ status: 'error' }, retry]
  }
  return [{ status: 'ready', data: result.data }, retry]
}
