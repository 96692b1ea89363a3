// Where a map's markers are drawn, for the basemap's names to keep clear of: each layer of markers
// tells the map where its markers lie (projected pixels at a zoom), and the names are placed again
// when that changes. A layer whose group is not on the map (its overlay switched off) counts for
// nothing.
import { type LayerGroup, type Map as LeafletMap, stamp } from 'leaflet'
import type { Disc } from './spread-markers.ts'

/** Fired on the map when a layer's markers have moved. */
export const MARKERS_MOVED = 'markersmoved'

type Source = (zoom: number) => readonly Disc[]

const layers = new WeakMap<LeafletMap, Map<number, { group: LayerGroup; source: Source }>>()

/** Sets (or, with null, removes) where the markers of `group` lie at a zoom. */
export function setMarkerDiscs(map: LeafletMap, group: LayerGroup, source: Source | null): void {
  let ofMap = layers.get(map)
  if (!ofMap) {
    ofMap = new Map()
    layers.set(map, ofMap)
  }
  if (source) ofMap.set(stamp(group), { group, source })
  else ofMap.delete(stamp(group))
  map.fire(MARKERS_MOVED)
}

/** Every marker shown on the map at a zoom. */
export function markerDiscs(map: LeafletMap, zoom: number): Disc[] {
  const discs: Disc[] = []
  for (const { group, source } of layers.get(map)?.values() ?? []) {
    if (map.hasLayer(group)) discs.push(...source(zoom))
  }
  return discs
}
