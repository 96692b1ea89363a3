// The hit under the pointer or keyboard focus, in the list or on the map, so that the other side
// highlights it too. A tiny external store: only the two items concerned re-render.
import { useSyncExternalStore } from 'react'

let activeId: string | null = null
const listeners = new Set<() => void>()

export function setActiveHit(id: string | null): void {
  if (id === activeId) return
  activeId = id
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

export function useIsActiveHit(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => activeId === id,
    () => false,
  )
}
