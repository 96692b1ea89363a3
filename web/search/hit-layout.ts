// Where the numbered markers of the page's hits are drawn: at their stations, except where markers
// would cover each other (stations at nearly the same place, or a zoom that puts them close):
// then the better-ranked hit keeps its place and the others move just far enough to be clickable,
// with a line back to their station. The clustered layer places its bubbles around them.
import type { Map as LeafletMap } from 'leaflet'
import type { LatLng } from '../map/distance.ts'
import { type Disc, spreadMarkers } from '../map/spread-markers.ts'

export interface HitPlace {
  id: string
  /** The station. */
  station: LatLng
  /** Where its marker is drawn. */
  drawn: LatLng
  moved: boolean
}

export interface HitLayoutAtZoom {
  places: Map<string, HitPlace>
  /** The markers as discs in projected pixels at this zoom, for other layers to keep clear of. */
  discs: Disc[]
}

/** Lays out the page's hits (in rank order) once per zoom; a layout holds for every pan. */
export class HitLayout {
  private readonly hits: ReadonlyArray<{ id: string; position: LatLng }>
  private readonly radius: number
  private readonly byZoom = new Map<number, HitLayoutAtZoom>()

  constructor(hits: ReadonlyArray<{ id: string; position: LatLng }>, size: number) {
    this.hits = hits
    this.radius = size / 2
  }

  at(map: LeafletMap, zoom: number): HitLayoutAtZoom {
    const known = this.byZoom.get(zoom)
    if (known) return known
    const discs = this.hits.map(({ position }) => {
      const point = map.project([position.lat, position.lng], zoom)
      return { x: point.x, y: point.y, radius: this.radius }
    })
    const spread = spreadMarkers(discs)
    const places = new Map<string, HitPlace>()
    this.hits.forEach(({ id, position }, n) => {
      const disc = discs[n]!
      const to = spread[n]!
      const moved = to.x !== disc.x || to.y !== disc.y
      const drawn = moved ? map.unproject([to.x, to.y], zoom) : position
      places.set(id, { id, station: position, drawn: { lat: drawn.lat, lng: drawn.lng }, moved })
    })
    const layout = { places, discs: spread.map(({ x, y }) => ({ x, y, radius: this.radius })) }
    this.byZoom.set(zoom, layout)
    return layout
  }
}
