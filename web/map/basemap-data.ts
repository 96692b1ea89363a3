// The offline basemap's data: three files built by `npm run build:basemap` (the Bundesländer, the
// land, lakes and rivers around them, the places named). Vite emits them under hashed names in
// /assets/, which the server caches for a year; they are fetched when a map is shown, not bundled,
// so they never weigh on a JavaScript chunk.
import type { FeatureCollection, LineString, MultiLineString, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import basemapUrl from './basemap/germany.topojson?url'
import placesUrl from './basemap/places.json?url'
import surroundingsUrl from './basemap/surroundings.topojson?url'

interface StateProperties {
  code: string
  name: string
}

export interface Basemap {
  states: FeatureCollection<Polygon | MultiPolygon, StateProperties>
  /** The outline of Germany: the states' borders that no other state shares. */
  outline: MultiLineString
  /** Inner borders between the states. */
  borders: MultiLineString
}

export interface Surroundings {
  /** Land, Germany's neighbours included (Germany itself is drawn from its states on top). */
  land: FeatureCollection<Polygon | MultiPolygon>
  lakes: FeatureCollection<Polygon | MultiPolygon>
  rivers: FeatureCollection<LineString | MultiLineString>
}

/** A place the map names: name, latitude, longitude and the first zoom it may be named at; busiest first. */
export type Place = [name: string, lat: number, lng: number, minZoom: number]

type BasemapTopology = Topology<{ states: GeometryCollection<StateProperties> }>
type SurroundingsTopology = Topology<Record<keyof Surroundings, GeometryCollection>>

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`basemap: HTTP ${response.status}`)
  return (await response.json()) as T
}

/** Fetches once per page; a failure is forgotten, so that the next map tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}

export const loadBasemap = once(async (): Promise<Basemap> => {
  const topology = await fetchJson<BasemapTopology>(basemapUrl)
  const states = topology.objects.states
  return {
    states: feature(topology, states) as FeatureCollection<Polygon | MultiPolygon, StateProperties>,
    outline: mesh(topology, states, (a, b) => a === b),
    borders: mesh(topology, states, (a, b) => a !== b),
  }
})

export const loadSurroundings = once(async (): Promise<Surroundings> => {
  const topology = await fetchJson<SurroundingsTopology>(surroundingsUrl)
  const layer = (name: keyof Surroundings) => feature(topology, topology.objects[name])
  return {
    land: layer('land') as Surroundings['land'],
    lakes: layer('lakes') as Surroundings['lakes'],
    rivers: layer('rivers') as Surroundings['rivers'],
  }
})

export const loadPlaces = once(() => fetchJson<Place[]>(placesUrl))
