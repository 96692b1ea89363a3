import { useEffect, useState } from 'react'
import type { useInstantSearch } from 'react-instantsearch'
import { fetchAllPoints, type MapPoint } from './all-points.ts'
import { useSearchClient } from './search-client-context.ts'

/**
 * Waits this long more after the settled answer: fetching thousands of points keeps the search
 * service busy for a moment, and a keystroke's search must not queue behind it while someone types.
 */
const AFTER_MARKERS_MS = 400

type Results = ReturnType<typeof useInstantSearch>['results'] | undefined

/** Every station matching the (settled) search, or null while they load. */
export function useAllPoints(results: Results): MapPoint[] | null {
  const client = useSearchClient()
  const [points, setPoints] = useState<MapPoint[] | null>(null)
  const echo = results?._rawResults?.[0]?.params
  const indexName = results?.index
  const nbHits = results?.nbHits ?? 0

  useEffect(() => {
    if (echo === undefined || !indexName) return
    let current = true
    const timer = setTimeout(() => {
      fetchAllPoints({ client, indexName, echo, nbHits }).then(
        (all) => current && setPoints(all),
        () => undefined, // The clustered layer keeps its last points; the list shows search errors.
      )
    }, AFTER_MARKERS_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [client, indexName, echo, nbHits])

  return points
}
