// Keeps the device's copy of the index current: main.tsx loads this once the page has loaded and
// the browser is idle (never before a page's first hits); then, and again when the connection
// comes back, the stored snapshot is revalidated by its version: mostly a 304, a new copy only when
// the index changed. When the network goes, the device's engines are built before the first search
// needs them. And what waited for the connection (outbox.ts) is sent.
import type { AppConfig } from '../shared/config.ts'
import { noteCopy, warmDeviceSearch } from './device-search.ts'
import { deviceSearchPossible } from './offline-paths.ts'
import { startOutbox } from './outbox.ts'
import { refreshSnapshot } from './snapshot-store.ts'

let refreshing: Promise<unknown> | undefined

function refresh(search: AppConfig['search']): void {
  if (refreshing || navigator.onLine === false) return
  refreshing = refreshSnapshot(search)
    .then((outcome) => {
      if (outcome !== 'unavailable') noteCopy(search, outcome)
    })
    .catch((error: unknown) => console.warn('offline copy not refreshed:', error))
    .finally(() => {
      refreshing = undefined
    })
}

export function keepOfflineCopy(search: AppConfig['search']): void {
  startOutbox(search)
  if (!deviceSearchPossible(search)) return
  refresh(search)
  window.addEventListener('online', () => refresh(search))
  // The network has gone: the next search will be the device's, so its engines are built now.
  window.addEventListener('offline', () => void warmDeviceSearch(search))
}
