import { useEffect } from 'react'
import { useInstantSearch } from 'react-instantsearch'

/** What React InstantSearch itself sets on the instance while a dispose is pending. */
interface DisposableSearch {
  dispose(): void
  started: boolean
  _preventWidgetCleanup?: boolean
}

/**
 * Disposes the search the page was hydrated with when the page goes.
 *
 * React InstantSearch never disposes an instance created under `InstantSearchSSRProvider` (it
 * keeps it for React's double mount). Left alone, that instance outlives the page: its widgets are
 * removed one by one, and the URL write their removal schedules lands 400 ms later on whatever
 * page is shown then. A user back on /suche within that time saw the empty search written over
 * theirs. This does what React InstantSearch does for instances it created: dispose a tick after
 * unmounting (cancelled by a remount), widgets kept until then so that nothing searches or writes.
 */
export function DisposeHydratedSearch() {
  const { addMiddlewares } = useInstantSearch()
  useEffect(() => {
    let found: DisposableSearch | undefined
    const remove = addMiddlewares(({ instantSearchInstance }) => {
      found = instantSearchInstance as unknown as DisposableSearch
      return { onStateChange() {} }
    })
    remove()
    const search = found
    if (!search) return undefined
    clearTimeout(pendingDisposals.get(search))
    search._preventWidgetCleanup = false
    return () => {
      search._preventWidgetCleanup = true
      pendingDisposals.set(
        search,
        setTimeout(() => {
          if (search.started) search.dispose()
        }),
      )
    }
  }, [addMiddlewares])
  return null
}

/** A dispose waits a tick, so that React's double mount (StrictMode) can cancel it. */
const pendingDisposals = new WeakMap<DisposableSearch, ReturnType<typeof setTimeout>>()
