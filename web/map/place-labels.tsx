import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, layerGroup, type Marker, marker } from 'leaflet'
import { memo, useEffect, useState } from 'react'
import { onIdle } from '../shared/idle-callback.ts'
import { loadPlaces, type Place } from './basemap-data.ts'
import { type LabelBox, placeLabels } from './label-layout.ts'
import { ensurePane, LABEL_PANE } from './panes.ts'
import { STATE_NAMES } from './state-names.ts'

/** How a name is drawn: its CSS class and its size, for estimating its box. */
const STYLES = {
  city: { className: 'place-label place-label--city', font: 14, width: 0.62 },
  town: { className: 'place-label place-label--town', font: 13, width: 0.58 },
  village: { className: 'place-label place-label--village', font: 12, width: 0.56 },
} as const

interface Candidate {
  key: string
  name: string
  lat: number
  lng: number
  minZoom: number
  style: (typeof STYLES)[keyof typeof STYLES] | null
  width: number
  height: number
}

/** The name as text, never as markup. */
function text(name: string): HTMLElement {
  const span = document.createElement('span')
  span.textContent = name
  return span
}

const styleFor = (minZoom: number) =>
  minZoom <= 6 ? STYLES.city : minZoom <= 8 ? STYLES.town : STYLES.village

function candidates(places: readonly Place[]): Candidate[] {
  const cities = places.map(([name, lat, lng, minZoom]): Candidate => {
    const style = styleFor(minZoom)
    return {
      key: `p:${name}`,
      name,
      lat,
      lng,
      minZoom,
      style,
      width: name.length * style.font * style.width + 6,
      height: style.font + 4,
    }
  })
  // The states' names (drawn by the "Bundesländer" overlay) are kept clear, after the largest cities.
  const states = STATE_NAMES.map(
    ([name, lat, lng]): Candidate => ({
      key: `s:${name}`,
      name,
      lat,
      lng,
      minZoom: 0,
      style: null,
      width: name.length * 12 * 0.6 + 4,
      height: 16,
    }),
  )
  const first = cities.filter((city) => city.minZoom <= 5)
  return [...first, ...states, ...cities.slice(first.length)]
}

/**
 * The names of cities and towns, more of them as one zooms in: at each zoom the busiest places are
 * named first and a name that would overlap another is left out. Drawn below every marker, so a
 * name never covers one. Rendered inside the offline basemap's LayerGroup.
 */
export const PlaceLabels = memo(function PlaceLabels() {
  const context = useLeafletContext()
  const map = context.map
  const parent = context.layerContainer as LayerGroup
  const [places, setPlaces] = useState<Place[] | null>(null)

  useEffect(() => {
    let current = true
    loadPlaces().then(
      (loaded) => current && setPlaces(loaded),
      () => undefined, // Without names the map still shows the stations.
    )
    return () => {
      current = false
    }
  }, [])

  useEffect(() => {
    if (!places) return
    const pane = ensurePane(map, LABEL_PANE)
    const all = candidates(places)
    const byZoom = new Map<number, Candidate[]>()
    const group = layerGroup()
    parent.addLayer(group)
    let drawn = new Map<string, Marker>()

    const shownAt = (zoom: number) => {
      const known = byZoom.get(zoom)
      if (known) return known
      const eligible = all.filter((candidate) => candidate.minZoom <= zoom)
      const boxes = eligible.map((candidate): LabelBox => {
        const { x, y } = map.project([candidate.lat, candidate.lng], zoom)
        return { x, y, width: candidate.width, height: candidate.height }
      })
      const shown = placeLabels(boxes)
        .map((index) => eligible[index]!)
        .filter((candidate) => candidate.style !== null)
      byZoom.set(zoom, shown)
      return shown
    }
    const update = () => {
      const view = map.getBounds().pad(0.15)
      const next = new Map<string, Marker>()
      for (const candidate of shownAt(map.getZoom())) {
        if (!view.contains([candidate.lat, candidate.lng])) continue
        const label =
          drawn.get(candidate.key) ??
          marker([candidate.lat, candidate.lng], {
            pane,
            interactive: false,
            keyboard: false,
            icon: divIcon({
              className: candidate.style!.className,
              html: text(candidate.name),
              iconSize: undefined,
            }),
          })
        next.set(candidate.key, label)
      }
      for (const [key, label] of drawn) if (!next.has(key)) group.removeLayer(label)
      for (const [key, label] of next) if (!drawn.has(key)) group.addLayer(label)
      drawn = next
    }
    // After a move, in a task of its own (the clusters redraw on the same event); the names of the
    // other zooms are chosen while the browser is idle, so that zooming finds them ready.
    let frame = 0
    const later = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(update)
    }
    let cancelIdle = () => {}
    const prepare = (zoom: number) => {
      if (zoom > map.getMaxZoom()) return
      cancelIdle = onIdle(() => {
        shownAt(zoom)
        prepare(zoom + 1)
      })
    }
    update()
    prepare(map.getMinZoom())
    map.on('moveend', later)
    return () => {
      cancelAnimationFrame(frame)
      cancelIdle()
      map.off('moveend', later)
      parent.removeLayer(group)
    }
  }, [map, parent, places])

  return null
})
