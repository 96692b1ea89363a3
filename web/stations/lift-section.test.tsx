// "Aufzüge" for Köln Hbf, its expectations read from the db-elevators package itself.
import packagedLifts from 'db-elevators/data.json'
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AppIntl } from '../i18n/intl.tsx'
import type { FactsSource, StationSite } from '../shared/station-site.ts'
import { LiftSection } from './lift-section.tsx'
import { type StationSlots, StationSlotsContext } from './station-slots.ts'

interface PackagedLift {
  id: string
  description: string | null
  station: string
  location?: { latitude: number; longitude: number } | null
}

const COLOGNE = '8000207'
const packaged = (packagedLifts as PackagedLift[]).filter((lift) => lift.station === COLOGNE)
const source: FactsSource = {
  package: 'db-elevators',
  version: '0.0.5',
  stand: '2020',
  licence: 'Daten: DB (FaSta), CC BY 4.0',
  kept: 'Aufzüge: Nummer, Beschreibung, Lage, OpenStreetMap-Knoten',
}
const site: StationSite = {
  objectID: COLOGNE,
  tracks: [],
  lifts: packaged.map((lift) => ({
    id: lift.id,
    description: lift.description,
    position: lift.location ? { lat: lift.location.latitude, lng: lift.location.longitude } : null,
    osmNode: null,
  })),
  stops: [],
  sources: { tracks: source, lifts: source, stops: source },
}

/** A notices slot that records which lifts it was asked for. */
const asked: Array<string | null> = []
const RecordingNotices: ComponentType<{ stationId: string; lift: string | null }> = ({ lift }) => {
  asked.push(lift)
  return null
}

const render = (slots: StationSlots = {}) =>
  renderToStaticMarkup(
    <AppIntl>
      <StationSlotsContext value={slots}>
        <LiftSection stationId={COLOGNE} state={{ status: 'ready', site }} />
      </StationSlotsContext>
    </AppIntl>,
  )

describe('Aufzüge', () => {
  it("lists each of Köln Hbf's lifts with where it goes, dated 2020, never claiming it works now", () => {
    expect(packaged.length).toBeGreaterThan(3)
    const html = render()
    const items = [...html.matchAll(/<li class="lift"><span(?: lang="de")?>([^<]*)<\/span><\/li>/g)].map(
      (match) => match[1],
    )
    expect(items).toEqual(packaged.map((lift) => lift.description))
    expect(html).toContain('Stand: 2020')
    expect(html).toContain('Ob ein Aufzug gerade fährt, sagen diese Daten nicht.')
  })

  it('asks the notices slot for each lift by its description', () => {
    asked.length = 0
    render({ liftNotices: RecordingNotices })
    expect(asked).toEqual(packaged.map((lift) => lift.description))
  })
})
