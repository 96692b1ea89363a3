import { useEffect, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { fetchAllPoints, type MapPoint } from './all-points.ts'
import { useSearchClient } from './search-client-context.ts'

/**
 * Waits this long after the list's answer before asking for all points: while someone types, the
 * list's searches go first and the map catches up once the query rests.
 */
const SETTLE_MS = 250

/** Every station matching the list's current search, or null while they load. */
export function useAllPoints(): MapPoint[] | null {
  const client = useSearchClient()
  const { results } = useInstantSearch()
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
    }, SETTLE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [client, indexName, echo, nbHits])

  return points
}
