import { distanceKm, type LatLng } from '../map/distance.ts'
import type { AppConfig } from '../shared/config.ts'
import { searchApiBase } from '../shared/search-hosts.ts'
import { StationFetchError } from './fetch-station.ts'

/** The station page's neighbourhood: every station within this radius. */
export const NEARBY_RADIUS_M = 10_000

/** More than any station has within 10 km (Berlin's centre has about 90). */
const MAX_NEIGHBOURS = 200

export interface Neighbour {
  objectID: string
  name: string
  city?: string
  position: LatLng
  /** From the station, in km. */
  distance: number
}

interface NearbyHit {
  objectID?: unknown
  name?: unknown
  city?: unknown
  _geoloc?: { lat?: unknown; lng?: unknown } | null
}

function toNeighbour(hit: NearbyHit, from: LatLng): Neighbour | null {
  const lat = hit._geoloc?.lat
  const lng = hit._geoloc?.lng
  if (typeof hit.objectID !== 'string' || typeof hit.name !== 'string') return null
  if (typeof lat !== 'number' || typeof lng !== 'number') return null
  const position = { lat, lng }
  return {
    objectID: hit.objectID,
    name: hit.name,
    ...(typeof hit.city === 'string' ? { city: hit.city } : {}),
    position,
    distance: distanceKm(from, position),
  }
}

/**
 * The stations within 10 km of a station (itself left out), nearest first: one search with
 * `aroundLatLng` and `aroundRadius`, asking only for what the map and the list show. Sent like the
 * lite client sends it (credentials in the query string, a text body), so no CORS preflight; kept
 * out of the search analytics, which are about what travellers type.
 */
export async function fetchNearbyStations(
  search: AppConfig['search'],
  station: { objectID: string; position: LatLng },
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Neighbour[]> {
  const url = new URL(`/1/indexes/${encodeURIComponent(search.indexName)}/query`, searchApiBase(search))
  url.searchParams.set('x-algolia-application-id', search.appId)
  url.searchParams.set('x-algolia-api-key', search.apiKey)
  const { lat, lng } = station.position
  const response = await fetchImpl(url, {
    method: 'POST',
    body: JSON.stringify({
      aroundLatLng: `${lat},${lng}`,
      aroundRadius: NEARBY_RADIUS_M,
      hitsPerPage: MAX_NEIGHBOURS,
      attributesToRetrieve: ['name', 'city', '_geoloc'],
      attributesToHighlight: [],
      analytics: false,
    }),
    signal,
  })
  if (!response.ok) throw new StationFetchError(response.status)
  const body = (await response.json()) as { hits?: NearbyHit[] }
  return (body.hits ?? [])
    .map((hit) => toNeighbour(hit, station.position))
    .filter((hit): hit is Neighbour => hit !== null && hit.objectID !== station.objectID)
    .sort((a, b) => a.distance - b.distance)
}
