import { type DivIcon, divIcon } from 'leaflet'

/** A round marker of `size` pixels showing its number in the list beside or below the map. */
export function numberedIcon(className: string, number: number, size: number): DivIcon {
  return divIcon({
    className,
    html: `<span>${number}</span>`,
    iconSize: [size, size],
    // Said, not left to the default (the same centre): Leaflet pans a focused marker into view by
    // its anchor, and without one it pans one whose centre is a marker's size from the right or
    // bottom edge, with a glide, where a fit leaves markers.
    iconAnchor: [size / 2, size / 2],
  })
}
