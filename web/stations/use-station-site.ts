import { useEffect, useRef, useState } from 'react'
import { usePreloaded, useRenderEnvironment } from '../shared/render-context.tsx'
import type { StationSite } from '../shared/station-site.ts'
import { fetchStationSite, keepStationSite, SiteNotKeptError } from './fetch-station-site.ts'

export type StationSiteState =
  | { status: 'loading' }
  | { status: 'ready'; site: StationSite | null }
  /** Offline, and the device keeps no answer for this station. */
  | { status: 'not-kept' }
  | { status: 'error' }

/**
 * The station's tracks, lifts and linked stops for its page: fetched with the page on the server (so
 * a page without JavaScript has them), by the browser after a client-side navigation, and kept on
 * the device either way for a later visit without a network.
 */
export function useStationSite(objectID: string): StationSiteState {
  const environment = useRenderEnvironment()
  const preloaded = usePreloaded(`site:${objectID}`, () =>
    fetchStationSite(objectID, { origin: environment.origin, fetch: environment.fetch }).catch(
      () => undefined,
    ),
  )
  const [state, setState] = useState<StationSiteState>(() =>
    preloaded === undefined ? { status: 'loading' } : { status: 'ready', site: preloaded },
  )
  const answered = useRef(preloaded !== undefined)

  useEffect(() => {
    if (answered.current) {
      answered.current = false
      // The server's answer never passed the browser's fetch: kept here for a visit offline.
      if (preloaded) keepStationSite(preloaded)
      return undefined
    }
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetchStationSite(objectID, { signal: controller.signal, fetch: environment.fetch }).then(
      (site) => setState({ status: 'ready', site }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof SiteNotKeptError) return setState({ status: 'not-kept' })
        console.error(error)
        setState({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [objectID, environment, preloaded])
  return state
}
