import { divIcon } from 'leaflet'
import { memo, useEffect, useState } from 'react'
import { GeoJSON, LayerGroup, Marker, useMap } from 'react-leaflet'
import { useBasemap } from './offline-basemap.tsx'
import { ensurePane, LABEL_PANE } from './panes.ts'
import { STATE_NAMES } from './state-names.ts'

const BORDERS = { color: '#5a5346', weight: 1.5 }
const labelIcon = (name: string) => divIcon({ className: 'state-label', html: name, iconSize: undefined })
const ICONS = new Map(STATE_NAMES.map(([name]) => [name, labelIcon(name)]))

/** Below this zoom the states are too small for their names: only the borders are drawn. */
const NAMES_FROM_ZOOM = 6

/** "Bundesländer" (shown by default): the borders between the states, drawn strongly, and their names (the place names keep clear of them). */
export const StatesOverlay = memo(function StatesOverlay() {
  const basemap = useBasemap()
  const map = useMap()
  const pane = ensurePane(map, LABEL_PANE)
  const [named, setNamed] = useState(() => map.getZoom() >= NAMES_FROM_ZOOM)
  useEffect(() => {
    const update = () => setNamed(map.getZoom() >= NAMES_FROM_ZOOM)
    update()
    map.on('zoomend', update)
    return () => {
      map.off('zoomend', update)
    }
  }, [map])
  return (
    <LayerGroup>
      {basemap && <GeoJSON data={basemap.borders} interactive={false} style={BORDERS} />}
      {named &&
        STATE_NAMES.map(([name, lat, lng]) => (
          <Marker
            key={name}
            position={[lat, lng]}
            interactive={false}
            keyboard={false}
            pane={pane}
            icon={ICONS.get(name)!}
          />
        ))}
    </LayerGroup>
  )
})
