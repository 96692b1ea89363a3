// "Gleise und Bahnsteige" for Köln Hbf, its expectations read from the db-platforms package itself.
import packagedTracks from 'db-platforms/data.json'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AppIntl } from '../i18n/intl.tsx'
import type { FactsSource, StationSite } from '../shared/station-site.ts'
import { TrackSection } from './track-section.tsx'

interface PackagedTrack {
  name: string
  station: string
  perron: { name: string; length: number; height: number }
}

const COLOGNE = '8000207'
const packaged = (packagedTracks as PackagedTrack[]).filter((track) => track.station === COLOGNE)
const source: FactsSource = {
  package: 'db-platforms',
  version: '0.1.5',
  stand: '2020-03',
  licence: 'Daten: DB Station&Service (Bahnsteigdaten), CC BY 4.0',
  kept: 'Gleise: Name, Bahnsteig, Bahnsteiglänge, Bahnsteighöhe',
}
const site: StationSite = {
  objectID: COLOGNE,
  tracks: packaged.map((track) => ({
    track: track.name,
    platform: track.perron.name,
    length: track.perron.length,
    height: track.perron.height,
  })),
  lifts: [],
  stops: [],
  sources: { tracks: source, lifts: source, stops: source },
}

const render = (element: ReactElement) => renderToStaticMarkup(<AppIntl>{element}</AppIntl>)

describe('Gleise und Bahnsteige', () => {
  it("groups Köln Hbf's tracks by platform, each platform once with its tracks, length and height", () => {
    const html = render(<TrackSection name="Köln Hbf" state={{ status: 'ready', site }} />)
    const rows = [
      ...html.matchAll(
        /<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
      ),
    ]
    const platforms = [...new Set(packaged.map((track) => track.perron.name))]
    expect(rows.map((row) => row[2])).toEqual(platforms)
    for (const row of rows) {
      const along = packaged.filter((track) => track.perron.name === row[2])
      const names = along.map((track) => track.name)
      const joined =
        names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} und ${names.at(-1)}`
      expect(row[1]).toBe(joined)
      expect(row[3]).toBe(`${Math.round(along[0]?.perron.length ?? 0)} m`)
      expect(row[4]).toBe(`${along[0]?.perron.height} cm`)
    }
  })

  it('shows a row per platform, the heights explained with the rule cited, and the data dated, never live', () => {
    const html = render(<TrackSection name="Köln Hbf" state={{ status: 'ready', site }} />)
    const rows = html.match(/<tr><th scope="row">/g) ?? []
    expect(rows).toHaveLength(new Set(packaged.map((track) => track.perron.name)).size)
    const first = packaged[0]
    expect(html).toContain(
      `<th scope="row">${first?.name}</th><td>${first?.perron.name}</td><td>${first?.perron.length} m</td><td>${first?.perron.height} cm</td>`,
    )
    expect(html).toContain('href="https://www.gesetze-im-internet.de/ebo/__13.html"')
    expect(html).toContain('Stand: März 2020')
    expect(html).toContain('CC BY 4.0')
  })

  it('says when nothing is known, and when the device is offline without the station kept', () => {
    const none = render(<TrackSection name="X" state={{ status: 'ready', site: { ...site, tracks: [] } }} />)
    expect(none).toContain('keine Bahnsteigdaten')
    expect(none).not.toContain('<table')
    expect(render(<TrackSection name="X" state={{ status: 'not-kept' }} />)).toContain('nicht gespeichert')
  })
})
