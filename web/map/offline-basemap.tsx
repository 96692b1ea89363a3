import { memo, useEffect, useState } from 'react'
import { GeoJSON, LayerGroup, useMap } from 'react-leaflet'
import { useMessages } from '../i18n/intl.tsx'
import { type Basemap, loadBasemap, loadSurroundings, type Surroundings } from './basemap-data.ts'
import { BASEMAP_PANE, ensurePane } from './panes.ts'
import { PlaceLabels } from './place-labels.tsx'

/** The credit's link, put into the message (Leaflet takes the credit as HTML). */
const NATURAL_EARTH = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>'

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

/** The land around Germany, lakes and rivers; undefined while loading, null if they could not be loaded. */
function useSurroundings(): Surroundings | null | undefined {
  const [surroundings, setSurroundings] = useState<Surroundings | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    loadSurroundings().then(
      (data) => current && setSurroundings(data),
      () => current && setSurroundings(null),
    )
    return () => {
      current = false
    }
  }, [])
  return surroundings
}

// Constant styles: a new style object would make react-leaflet restyle, and the canvas redraw, on
// every render of the map.
const NEIGHBOURS = { color: '#c9c3b4', weight: 0.8, fillColor: '#e9e6df', fillOpacity: 1 }
const LAND = { stroke: false, fillColor: '#f7f4ec', fillOpacity: 1 }
const LAKES = { stroke: false, fillColor: '#b3d0e3', fillOpacity: 1 }
const RIVERS = { color: '#86b3d4', weight: 1.6, lineCap: 'round' as const }
const BORDERS = { color: '#b9b2a0', weight: 1, dashArray: '4 3' }
const OUTLINE = { color: '#6f6a5d', weight: 2 }

/**
 * "Karte (offline)": the neighbouring countries' land, the Bundesländer as pale land with thin
 * borders and the outline of Germany, lakes and the larger rivers, and the names of cities and
 * towns, drawn from data served by our own server. Everything is drawn at once, in this order, when
 * the geometry is there (the names follow when theirs is).
 */
export const OfflineBasemap = memo(function OfflineBasemap() {
  const basemap = useBasemap()
  const surroundings = useSurroundings()
  const pane = ensurePane(useMap(), BASEMAP_PANE)
  const t = useMessages()
  return (
    <LayerGroup attribution={t('map.basemapCredit', { naturalEarth: NATURAL_EARTH })}>
      {basemap && surroundings !== undefined && (
        <>
          {surroundings && (
            <GeoJSON data={surroundings.land} pane={pane} interactive={false} style={NEIGHBOURS} />
          )}
          <GeoJSON data={basemap.states} pane={pane} interactive={false} style={LAND} />
          {surroundings && (
            <GeoJSON data={surroundings.lakes} pane={pane} interactive={false} style={LAKES} />
          )}
          {surroundings && (
            <GeoJSON data={surroundings.rivers} pane={pane} interactive={false} style={RIVERS} />
          )}
          <GeoJSON data={basemap.borders} pane={pane} interactive={false} style={BORDERS} />
          <GeoJSON data={basemap.outline} pane={pane} interactive={false} style={OUTLINE} />
        </>
      )}
      <PlaceLabels />
    </LayerGroup>
  )
})
