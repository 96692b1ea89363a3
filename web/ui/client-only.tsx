import { type ReactNode, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * Parts that exist only in the browser (the maps: Leaflet needs a window). The server and the
 * hydration of its HTML render `fallback`; the browser renders the children right after.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback
}

/**
 * False on the server and while the browser hydrates its HTML, true from then on: for controls that
 * only a page without JavaScript needs (a form's submit button where a click already applies).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
