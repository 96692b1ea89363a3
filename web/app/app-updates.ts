// The installed app's service worker (web/service-worker/): registered once the page has loaded and
// the browser is idle, so its download of the whole app never competes with a page's first hits.
// When a new build's worker has fetched its files it waits; `useAppUpdate` then offers it, and
// taking it reloads every open page of the app at once under the new version.
import { useSyncExternalStore } from 'react'
import { onIdle } from '../shared/idle-callback.ts'

/** A waiting new version, or null. */
let waiting: ServiceWorker | null = null
const listeners = new Set<() => void>()
/** Long-lived pages look for a new version this often (browsers also look on each navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000

function setWaiting(worker: ServiceWorker | null): void {
  if (waiting === worker) return
  waiting = worker
  for (const listener of listeners) listener()
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return
  const start = () => onIdle(() => void register(), 5000)
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error) => {
    console.warn('service worker not registered:', error)
    return undefined
  })
  if (!registration) return
  // A worker waits only when an older one controls the pages: then it is an update.
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting)
  }
  offer()
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer()
    })
  })
  // Whichever page took the update, every page of the app reloads under the new version.
  let reloading = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading || !waiting) return
    reloading = true
    location.reload()
  })
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The waiting new version, if any, and how to take it (the page reloads). */
export function useAppUpdate(): { available: boolean; apply: () => void } {
  const worker = useSyncExternalStore(
    subscribe,
    () => waiting,
    () => null,
  )
  return {
    available: worker !== null,
    apply: () => worker?.postMessage({ type: 'take-over' }),
  }
}
