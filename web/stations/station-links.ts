// Links out of the station page: phone numbers, map apps and the departures at bahn.de.
import type { Station } from './station.ts'

/** "0911/2191055" → "tel:+499112191055": German numbers as the source writes them, dialable abroad. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return `tel:${digits}`
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`
  if (digits.startsWith('0')) return `tel:+49${digits.slice(1)}`
  return `tel:${digits}`
}

/** A label inside `geo:…?q=lat,lng(label)` must not close the parenthesis early. */
function geoLabel(name: string): string {
  return encodeURIComponent(name).replace(/\(/g, '%28').replace(/\)/g, '%29')
}

/** RFC 5870 geo URI with a query, so the map app drops a pin named after the station. */
export function geoHref(name: string, { lat, lng }: { lat: number; lng: number }): string {
  return `geo:${lat},${lng}?q=${lat},${lng}(${geoLabel(name)})`
}

/** The station on OpenStreetMap's site, pinned: what a desktop browser can open (it has no map app for `geo:`). */
export function osmHref({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`
}

/**
 * The station's departure board at bahn.de, found by its EVA number in the location ID format of
 * bahn.de's own links ("A=1@O=name@L=eva@"). Nothing is requested until the user follows the link.
 */
export function departuresHref(station: Pick<Station, 'objectID' | 'name'>): string {
  const url = new URL('https://www.bahn.de/buchung/abfahrten-ankuenfte')
  url.searchParams.set('ort', station.name)
  url.searchParams.set('ortExtId', station.objectID)
  url.searchParams.set('ortId', `A=1@O=${station.name}@L=${station.objectID}@`)
  return url.href
}
