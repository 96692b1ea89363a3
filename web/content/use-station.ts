import { useEffect, useState } from 'react'
import { useConfig } from '../shared/config-context.tsx'
import { fetchStation } from '../stations/fetch-station.ts'
import type { Station } from '../stations/station.ts'

export type StationLookup =
  | { status: 'loading' }
  | { status: 'found'; station: Station }
  | { status: 'not-found' }
  | { status: 'error' }

/** One station's record, live from the search service (the record may change after the text). */
export function useStation(id: string): StationLookup {
  const { search } = useConfig()
  const [lookup, setLookup] = useState<StationLookup>({ status: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    setLookup({ status: 'loading' })
    fetchStation(search, id, controller.signal).then(
      (station) => setLookup(station ? { status: 'found', station } : { status: 'not-found' }),
      () => {
        if (!controller.signal.aborted) setLookup({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [search, id])
  return lookup
}
