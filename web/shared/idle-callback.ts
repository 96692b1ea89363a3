// requestIdleCallback where the browser has it. Safari has not (as of 2026): there a short timer
// stands in, so that what waits for an idle moment (the installed app's worker, deferred parts of
// a page, the map's place names) still comes, instead of the call throwing.

/** How long the stand-in waits: a frame or three, enough for the page's own work to go first. */
const FALLBACK_MS = 50

/** Runs `callback` when the browser is idle (at the latest after `timeout` ms); returns a cancel. */
export function onIdle(callback: () => void, timeout?: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => callback(), timeout === undefined ? undefined : { timeout })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, Math.min(FALLBACK_MS, timeout ?? FALLBACK_MS))
  return () => clearTimeout(handle)
}
