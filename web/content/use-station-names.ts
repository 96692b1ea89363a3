import { useEffect, useState } from 'react'
import type { AppConfig } from '../shared/config.ts'
import { useConfig } from '../shared/config-context.tsx'
import { usePreloaded, useRenderEnvironment } from '../shared/render-context.tsx'
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
  const environment = useRenderEnvironment()
  const key = [...new Set(ids)].sort().join('\n')
  // Rendered on the server with the page: the titles name their stations from the first paint.
  const preloaded = usePreloaded(key ? `station-names:${key}` : 'station-names:none', async () =>
    key
      ? Object.fromEntries(await fetchStationNames(search, key.split('\n'), undefined, environment.fetch))
      : {},
  )
  if (preloaded && key) {
    const cache = cacheFor(search)
    for (const id of key.split('\n'))
      if (!cache.has(id)) cache.set(id, (preloaded as Record<string, string>)[id] ?? null)
  }
  const [names, setNames] = useState(() => namesOf(search, key ? key.split('\n') : []))
  useEffect(() => {
    const wanted = key ? key.split('\n') : []
    const cache = cacheFor(search)
    setNames(namesOf(search, wanted))
    const missing = wanted.filter((id) => !cache.has(id))
    if (missing.length === 0) return
    const controller = new AbortController()
    fetchStationNames(search, missing, controller.signal, environment.fetch).then(
      (found) => {
        for (const id of missing) cache.set(id, found.get(id) ?? null)
        setNames(namesOf(search, wanted))
      },
      () => {
        // No names: the titles stand alone. The next list asks again.
      },
    )
    return () => controller.abort()
  }, [search, key, environment])
  return names
}
