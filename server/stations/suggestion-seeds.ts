// Seed queries for the query suggestions index, so it is never empty before anyone searched: the
// cities of the busiest stations (the data's `weight`, the stations index's custom ranking).
import type { SearchService } from '../search/service/search-service.ts'
import { STATIONS_INDEX } from './station-records.ts'

export function busiestStationCities(search: SearchService, count = 20): string[] {
  if (!search.hasIndex(STATIONS_INDEX)) return []
  const { hits } = search.search(STATIONS_INDEX, {
    query: '',
    hitsPerPage: 200,
    attributesToRetrieve: ['city'],
    attributesToHighlight: [],
  })
  const cities = new Set<string>()
  for (const hit of hits) {
    const city = (hit as { city?: unknown }).city
    if (typeof city === 'string' && city.trim() !== '') cities.add(city.trim())
    if (cities.size >= count) break
  }
  return [...cities]
}
