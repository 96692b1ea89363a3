import { describe, expect, it } from 'vitest'
import { departuresHref, geoHref, osmHref, telHref } from './station-links.ts'

describe('station links', () => {
  it('dials the German numbers of the source in international form', () => {
    expect(telHref('0911/2191055')).toBe('tel:+499112191055')
    expect(telHref('030 65 21 28 88')).toBe('tel:+493065212888')
    expect(telHref('0180-6-99 66 33')).toBe('tel:+491806996633')
    expect(telHref('+49 30 1234')).toBe('tel:+49301234')
  })

  it('opens the station in a map app with its name as the pin', () => {
    expect(geoHref('Nürnberg Hbf', { lat: 49.445616, lng: 11.082989 })).toBe(
      'geo:49.445616,11.082989?q=49.445616,11.082989(N%C3%BCrnberg%20Hbf)',
    )
    // Parentheses in a name would end the label early.
    expect(geoHref('Freiburg (Breisgau) Hbf', { lat: 47.99, lng: 7.84 })).toBe(
      'geo:47.99,7.84?q=47.99,7.84(Freiburg%20%28Breisgau%29%20Hbf)',
    )
  })

  it('pins the station on OpenStreetMap for browsers without a map app', () => {
    expect(osmHref({ lat: 49.445616, lng: 11.082989 })).toBe(
      'https://www.openstreetmap.org/?mlat=49.445616&mlon=11.082989#map=17/49.445616/11.082989',
    )
  })

  it('finds the departures at bahn.de by the EVA number', () => {
    const url = new URL(departuresHref({ objectID: '8000284', name: 'Nürnberg Hbf' }))
    expect(url.origin).toBe('https://www.bahn.de')
    expect(url.searchParams.get('ortExtId')).toBe('8000284')
    expect(url.searchParams.get('ortId')).toBe('A=1@O=Nürnberg Hbf@L=8000284@')
  })
})
