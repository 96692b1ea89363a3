import { useSyncExternalStore } from 'react'
import type { LatLng } from '../map/distance.ts'

/**
 * What "In meiner Nähe" shares with the rest of the search page: the position while the hits are
 * sorted by distance (the sort select then says "Entfernung", the map marks "Ihr Standort"), and
 * how to end it (choosing any other order does). Kept in memory only, like the position itself.
 */
export interface NearMeShared {
  position: LatLng | null
  stop: (() => void) | null
}

const OFF: NearMeShared = { position: null, stop: null }
let current = OFF
const listeners = new Set<() => void>()

export function publishNearMe(next: NearMeShared | null): void {
  current = next ?? OFF
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useNearMe(): NearMeShared {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => OFF,
  )
}
