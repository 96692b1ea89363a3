import { createContext, use, useEffect, useRef, useState } from 'react'
import type { ServerData } from './server-data.ts'

/**
 * What differs between a page rendered on the server, the same page hydrated in the browser and a
 * page the browser renders by itself: how data is fetched, which data the server already fetched,
 * and the time the page was rendered at (so that "jetzt geöffnet" or "aktuell" read the same on both
 * sides of hydration).
 */
export interface RenderEnvironment {
  /** `fetch` as the page should use it: the browser's, or the server's in-process one. */
  fetch: typeof fetch
  /** On the server: the origin the page was asked for (links are written with it). */
  origin?: string
  /** Data fetched while rendering on the server, keyed by what was fetched. */
  preloaded: PreloadStore
  /** The time the server rendered the page at, until the first client-side navigation. */
  renderedAt(): Date | undefined
  /**
   * The content client's starting cache (urql's SSR data) in the browser, or the server's own
   * content client for this request (an urql Client; opaque here so the main bundle carries no urql).
   */
  content: { initialState?: Record<string, unknown>; serverClient?: object }
  /** InstantSearch's server state for the first page's search. */
  searchState(): unknown
  /** On the server: keeps the search page's InstantSearch state once its search is answered. */
  keepSearchState?: (state: unknown) => void
  /** Called on the first client-side navigation: from then on, pages fetch and tell time themselves. */
  leaveFirstPage(): void
}

export interface PreloadStore {
  /** On the server: fetches once per key and suspends until the data is there. */
  readonly server: boolean
  get(key: string): unknown
  load(key: string, fetchData: () => Promise<unknown>): Promise<unknown>
}

/**
 * The browser's environment; with the server's data when it rendered the page, and the `fetch` its
 * pages use (main.tsx passes one that answers search reads on the device when offline).
 */
export function browserEnvironment(
  serverData?: ServerData,
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
): RenderEnvironment {
  let firstPage = serverData !== undefined
  const data = new Map(Object.entries(serverData?.preloaded ?? {}))
  return {
    fetch: fetchImpl,
    preloaded: {
      server: false,
      get: (key) => (firstPage ? data.get(key) : undefined),
      load: () => Promise.resolve(undefined),
    },
    renderedAt: () => (firstPage && serverData ? new Date(serverData.renderedAt) : undefined),
    content: serverData ? { initialState: serverData.content } : {},
    searchState: () => (firstPage ? serverData?.search : undefined),
    leaveFirstPage() {
      firstPage = false
      data.clear()
    },
  }
}

export const RenderContext = createContext<RenderEnvironment>(browserEnvironment())

export function useRenderEnvironment(): RenderEnvironment {
  return use(RenderContext)
}

/**
 * The time a component was first rendered at: the server's render time while the first page is
 * rendered and hydrated (so both sides write the same), then the browser's clock.
 */
export function useRenderTime(): Date {
  const environment = use(RenderContext)
  const [now, setNow] = useState(() => environment.renderedAt() ?? new Date())
  const fromServer = useRef(environment.renderedAt() !== undefined && !environment.preloaded.server)
  useEffect(() => {
    if (fromServer.current) setNow(new Date())
  }, [])
  return now
}

/**
 * Data the server fetched while rendering this page: on the server it fetches (suspending until the
 * answer is there) and records the answer for the browser; in the browser it returns what the server
 * recorded for the first page, and undefined otherwise (the component then fetches by itself).
 * `fetchData` resolves to undefined on failure: the browser then tries again itself.
 */
export function usePreloaded<T>(key: string, fetchData: () => Promise<T | undefined>): T | undefined {
  const { preloaded } = use(RenderContext)
  if (preloaded.server) return use(preloaded.load(key, fetchData)) as T | undefined
  return preloaded.get(key) as T | undefined
}
