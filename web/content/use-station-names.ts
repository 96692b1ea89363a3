import { useEffect, useState } from 'react'
import type { AppConfig } from '../shared/config.ts'
import { useConfig } from '../shared/config-context.tsx'
import { fetchStationNames } from '../stations/fetch-station.ts'

/** Names already asked for, per search configuration; null: the index has no such station. */
const known = new WeakMap<AppConfig['search'], Map<string, string | null>>()

function cacheFor(search: AppConfig['search']): Map<string, string | null> {
  let cache = known.get(search)
  if (!cache) {
    cache = new Map()
    known.set(search, cache)
  }
  return cache
}

function namesOf(search: AppConfig['search'], ids: readonly string[]): ReadonlyMap<string, string> {
  const cache = cacheFor(search)
  const names = new Map<string, string>()
  for (const id of ids) {
    const name = cache.get(id)
    if (name) names.set(id, name)
  }
  return names
}

/**
 * The names of the stations a list of notices is tied to (their `stationIds`), live from the search
 * service in one request and kept for the visit. Until they arrive, or if the service fails, the
 * map lacks them and the notices show their titles alone.
 */
export function useStationNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const { search } = useConfig()
  const key = [...new Set(ids)].sort().join('\n')
  const [names, setNames] = useState(() => namesOf(search, key ? key.split('\n') : []))
  useEffect(() => {
    const wanted = key ? key.split('\n') : []
    const cache = cacheFor(search)
    setNames(namesOf(search, wanted))
    const missing = wanted.filter((id) => !cache.has(id))
    if (missing.length === 0) return
    const controller = new AbortController()
    fetchStationNames(search, missing, controller.signal).then(
      (found) => {
        for (const id of missing) cache.set(id, found.get(id) ?? null)
        setNames(namesOf(search, wanted))
      },
      () => {
        // No names: the titles stand alone. The next list asks again.
      },
    )
    return () => controller.abort()
  }, [search, key])
  return names
}
