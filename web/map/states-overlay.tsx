import { type DivIcon, divIcon, type LatLngTuple } from 'leaflet'
import { memo, useEffect, useState } from 'react'
import { GeoJSON, LayerGroup, Marker, useMap } from 'react-leaflet'
import { federalStateLabel } from '../i18n/data-labels.ts'
import { type Translate, useMessages } from '../i18n/intl.tsx'
import { nearestFreeSpot, touchesDisc } from './label-layout.ts'
import { MARKERS_MOVED, markerDiscs } from './marker-discs.ts'
import { useBasemap } from './offline-basemap.tsx'
import { ensurePane, LABEL_PANE } from './panes.ts'
import { STATE_NAMES } from './state-names.ts'
import { textWidths } from './text-width.ts'

const BORDERS = { color: '#5a5346', weight: 1.5 }
/** A name's label, made once per name in each language (Leaflet compares icons by identity). */
const ICONS = new Map<string, DivIcon>()

function labelIcon(label: string): DivIcon {
  let icon = ICONS.get(label)
  if (!icon) {
    icon = divIcon({ className: 'state-label', html: label, iconSize: undefined })
    ICONS.set(label, icon)
  }
  return icon
}

/** Below this zoom the states are too small for their names: only the borders are drawn. */
const NAMES_FROM_ZOOM = 6
/** How a name is drawn (keep in sync with .state-label in map.css): italic 600, 12 px, 0.04 em apart. */
const FONT = 'italic 600'
const SIZE = 12
const HEIGHT = 16
/** How far a name moves off its place to clear a marker, in pixels. */
const NAME_REACH = 28

/**
 * Where each state's name is drawn at the map's zoom (in the page's language): at its place, or
 * just beside a marker that would cover it; left out below NAMES_FROM_ZOOM and where no spot near
 * its place is free.
 */
function useNamePlaces(t: Translate): ReadonlyArray<readonly [string, LatLngTuple]> {
  const map = useMap()
  const [places, setPlaces] = useState<ReadonlyArray<readonly [string, LatLngTuple]>>([])
  useEffect(() => {
    const width = textWidths(map.getContainer())
    const labels = new Map(STATE_NAMES.map(([name]) => [name, federalStateLabel(name, t)]))
    const widths = new Map(
      [...labels].map(([name, label]) => [name, width(label, FONT, SIZE) + label.length * 0.48 + 4]),
    )
    const update = () => {
      const zoom = map.getZoom()
      if (zoom < NAMES_FROM_ZOOM) {
        setPlaces([])
        return
      }
      const markers = markerDiscs(map, zoom)
      const free = (box: { x: number; y: number; width: number; height: number }) =>
        !markers.some((disc) => touchesDisc(box, disc))
      const next: Array<readonly [string, LatLngTuple]> = []
      for (const [name, lat, lng] of STATE_NAMES) {
        const { x, y } = map.project([lat, lng], zoom)
        const box = { x, y, width: widths.get(name) ?? 0, height: HEIGHT }
        const spot = free(box) ? box : nearestFreeSpot(box, free, NAME_REACH)
        if (!spot) continue
        const at = spot === box ? { lat, lng } : map.unproject([spot.x, spot.y], zoom)
        next.push([labels.get(name) ?? name, [at.lat, at.lng]])
      }
      setPlaces(next)
    }
    update()
    const events = `zoomend overlayadd overlayremove ${MARKERS_MOVED}`
    map.on(events, update)
    return () => {
      map.off(events, update)
    }
  }, [map, t])
  return places
}

/**
 * "Bundesländer" (shown by default): the borders between the states, drawn strongly, and their
 * names (the place names keep clear of them; they keep clear of the markers).
 */
export const StatesOverlay = memo(function StatesOverlay() {
  const basemap = useBasemap()
  const map = useMap()
  const pane = ensurePane(map, LABEL_PANE)
  const names = useNamePlaces(useMessages())
  return (
    <LayerGroup>
      {basemap && <GeoJSON data={basemap.borders} interactive={false} style={BORDERS} />}
      {names.map(([name, position]) => (
        <Marker
          key={name}
          position={position}
          interactive={false}
          keyboard={false}
          pane={pane}
          icon={labelIcon(name)}
        />
      ))}
    </LayerGroup>
  )
})
