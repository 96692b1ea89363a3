import { useLeafletContext } from '@react-leaflet/core'
import { divIcon, type LayerGroup, latLng, layerGroup, type Marker, marker } from 'leaflet'
import { memo, useEffect, useState } from 'react'
import { federalStateLabel } from '../i18n/data-labels.ts'
import { type Translate, useMessages } from '../i18n/intl.tsx'
import { onIdle } from '../shared/idle-callback.ts'
import { loadPlaces, type Place } from './basemap-data.ts'
import { type LabelBox, nearestFreeSpot, overlapsLabel, placeLabels, touchesDisc } from './label-layout.ts'
import { MARKERS_MOVED, markerDiscs } from './marker-discs.ts'
import { ensurePane, LABEL_PANE } from './panes.ts'
import { STATE_NAMES } from './state-names.ts'
import { textWidths } from './text-width.ts'

/** How a name is drawn (keep in sync with map.css): its CSS class, size and weight, for measuring its box. */
const STYLES = {
  city: { className: 'place-label place-label--city', font: 14, weight: 700 },
  town: { className: 'place-label place-label--town', font: 13, weight: 600 },
  village: { className: 'place-label place-label--village', font: 12, weight: 400 },
} as const

/** A name's width in pixels as the map's font draws it. */
type Measure = (name: string, style: (typeof STYLES)[keyof typeof STYLES]) => number

function textMeasure(container: HTMLElement): Measure {
  const width = textWidths(container)
  return (name, style) => width(name, String(style.weight), style.font)
}

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

function candidates(places: readonly Place[], measure: Measure, t: Translate): Candidate[] {
  const cities = places.map(([name, lat, lng, minZoom]): Candidate => {
    const style = styleFor(minZoom)
    return {
      key: `p:${name}`,
      name,
      lat,
      lng,
      minZoom,
      style,
      // The text and its halo.
      width: Math.ceil(measure(name, style)) + 6,
      height: style.font + 4,
    }
  })
  // The states' names (drawn by the "Bundesländer" overlay, in the page's language) are kept clear,
  // after the largest cities.
  const states = STATE_NAMES.map(([name, lat, lng]): Candidate => {
    const label = federalStateLabel(name, t)
    return {
      key: `s:${name}`,
      name: label,
      lat,
      lng,
      minZoom: 0,
      style: null,
      width: label.length * 12 * 0.6 + 4,
      height: 16,
    }
  })
  const first = cities.filter((city) => city.minZoom <= 5)
  return [...first, ...states, ...cities.slice(first.length)]
}

/** How far a name moves off its place to clear a marker, in pixels (more would name another place). */
const NAME_REACH = 28

/**
 * The names of cities and towns, more of them as one zooms in: at each zoom the busiest places are
 * named first and a name that would overlap another is left out. A marker never covers a name
 * (nor a name a marker: they lie below every marker): a name under a marker moves just above,
 * below or beside it, or is left out if there is no room near its place. Rendered inside the
 * offline basemap's LayerGroup.
 */
export const PlaceLabels = memo(function PlaceLabels() {
  const context = useLeafletContext()
  const map = context.map
  const parent = context.layerContainer as LayerGroup
  const [places, setPlaces] = useState<Place[] | null>(null)
  const t = useMessages()

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
    const all = candidates(places, textMeasure(map.getContainer()), t)
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
      const zoom = map.getZoom()
      const view = map.getBounds().pad(0.15)
      const markers = markerDiscs(map, zoom)
      const placed: LabelBox[] = []
      const free = (box: LabelBox) =>
        !markers.some((disc) => touchesDisc(box, disc)) && !placed.some((other) => overlapsLabel(box, other))
      const next = new Map<string, Marker>()
      for (const candidate of shownAt(zoom)) {
        if (!view.contains([candidate.lat, candidate.lng])) continue
        const { x, y } = map.project([candidate.lat, candidate.lng], zoom)
        const box = { x, y, width: candidate.width, height: candidate.height }
        const spot = free(box) ? box : nearestFreeSpot(box, free, NAME_REACH)
        if (!spot) continue
        placed.push(spot)
        const at = spot === box ? latLng(candidate.lat, candidate.lng) : map.unproject([spot.x, spot.y], zoom)
        let label = drawn.get(candidate.key)
        if (label) {
          if (!label.getLatLng().equals(at)) label.setLatLng(at)
        } else {
          label = marker(at, {
            pane,
            interactive: false,
            keyboard: false,
            icon: divIcon({
              className: candidate.style!.className,
              html: text(candidate.name),
              iconSize: undefined,
            }),
          })
        }
        next.set(candidate.key, label)
      }
      for (const [key, label] of drawn) if (!next.has(key)) group.removeLayer(label)
      for (const [key, label] of next) if (!drawn.has(key)) group.addLayer(label)
      drawn = next
    }
    // After a move, in a task of its own (the clusters redraw on the same event), and when markers
    // move or an overlay of markers is switched; the names of the other zooms are chosen while the
    // browser is idle, so that zooming finds them ready.
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
    const events = `moveend overlayadd overlayremove ${MARKERS_MOVED}`
    map.on(events, later)
    return () => {
      cancelAnimationFrame(frame)
      cancelIdle()
      map.off(events, later)
      parent.removeLayer(group)
    }
  }, [map, parent, places, t])

  return null
})
