import { type ReactNode, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * Parts that exist only in the browser (the maps: Leaflet needs a window). The server and the
 * hydration of its HTML render `fallback`; the browser renders the children right after.
 */
export function ClientOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const browser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return browser ? children : fallback
}
