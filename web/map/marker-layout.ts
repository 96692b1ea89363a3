// Where numbered markers are drawn: at what they mark, except where markers would cover each other
// (stations at nearly the same place, or a zoom that puts them close): then the better-ranked one
// keeps its place and the others move just far enough to be clickable, never farther than a short
// leader (a line back to their station), so that a marker never reads as another place's. The
// clustered layer places its bubbles around them.
import type { Map as LeafletMap } from 'leaflet'
import type { LatLng } from './distance.ts'
import { type Disc, spreadMarkers } from './spread-markers.ts'

export interface MarkerPlace {
  id: string
  /** The station. */
  station: LatLng
  /** Where its marker is drawn. */
  drawn: LatLng
  moved: boolean
}

export interface MarkerLayoutAtZoom {
  places: Map<string, MarkerPlace>
  /** The markers as discs in projected pixels at this zoom, for other layers to keep clear of. */
  discs: Disc[]
}

/** The longest leader, in marker sizes: a marker moves at most about its own width off its station. */
const REACH_IN_SIZES = 1.25

/** Discs that stay where they are at a zoom, in projected pixels. */
type FixedDiscs = (map: LeafletMap, zoom: number) => readonly Disc[]

/** Lays out numbered markers (in rank order) once per zoom; a layout holds for every pan. */
export class MarkerLayout {
  private readonly markers: ReadonlyArray<{ id: string; position: LatLng }>
  private readonly radius: number
  /** The longest leader, in pixels. */
  readonly reach: number
  private readonly fixed: FixedDiscs | undefined
  private readonly byZoom = new Map<number, MarkerLayoutAtZoom>()

  /** `fixed`: what else is drawn, at its place, that the markers keep clear of. */
  constructor(markers: ReadonlyArray<{ id: string; position: LatLng }>, size: number, fixed?: FixedDiscs) {
    this.markers = markers
    this.radius = size / 2
    this.reach = Math.round(REACH_IN_SIZES * size)
    this.fixed = fixed
  }

  at(map: LeafletMap, zoom: number): MarkerLayoutAtZoom {
    const known = this.byZoom.get(zoom)
    if (known) return known
    const discs = this.markers.map(({ position }) => {
      const point = map.project([position.lat, position.lng], zoom)
      return { x: point.x, y: point.y, radius: this.radius }
    })
    const spread = spreadMarkers(discs, this.fixed?.(map, zoom) ?? [], { reach: this.reach })
    const places = new Map<string, MarkerPlace>()
    this.markers.forEach(({ id, position }, n) => {
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
