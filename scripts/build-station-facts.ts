// `npm run build:station-facts`: writes server/stations/station-facts.json, what the import merges
// into the station records (the train types) and what the station page shows beyond db-stations
// (tracks, lifts, local stops), for the 5,388 stations of db-stations, keyed by EVA number, from three
// npm packages (devDependencies): db-hafas-stations (products and linked local stops, streamed from
// its 125 MB full.ndjson in about 2 s), db-platforms (tracks and platforms) and db-elevators (lifts).
// The output is committed with the packages' versions, so neither builds nor starts read the
// packages; rerun after an upgrade of one of them (server/stations/station-facts.test.ts fails until then).
import { createReadStream, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import {
  STATION_FACTS_FILE,
  type StationFacts,
  TRAIN_TYPES,
  type TrainType,
} from '../server/stations/station-facts.ts'
import { stationsSourceFile } from '../server/stations/station-records.ts'
import type { FactsSource, Lift, LocalStop, Track } from '../web/shared/station-site.ts'

const require = createRequire(import.meta.url)

/** The source's product flags by the traveller's name of the train type (station-facts.ts). */
const PRODUCTS: Record<TrainType, readonly string[]> = {
  ICE: ['nationalExpress'],
  'IC/EC': ['national'],
  'RE/RB': ['regionalExpress', 'regional'],
  'S-Bahn': ['suburban'],
  'U-Bahn': ['subway'],
  Straßenbahn: ['tram'],
  Bus: ['bus'],
  Fähre: ['ferry'],
}

/** DB's FaSta marks lifts that are not for travellers (service lifts); they are left out. */
const NOT_FOR_TRAVELLERS = /^nicht reisendenrelevant$/i

interface HafasEntry {
  id: string
  name: string
  type: string
  location?: { latitude?: number; longitude?: number }
  products?: Record<string, boolean>
  station?: { id?: string }
}

interface PlatformEntry {
  name: string
  station: string
  perron: { name: string; length: number; height: number }
}

interface ElevatorEntry {
  id: string
  description: string | null
  station: string
  location: { latitude: number; longitude: number } | null
  osmNodeId?: string
}

const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version

function sources(): FactsSource[] {
  return [
    {
      package: 'db-hafas-stations',
      version: versionOf('db-hafas-stations'),
      stand: null,
      licence: 'Daten: DB InfraGO (RIS::Stations, StaDa), CC BY 4.0; © OpenStreetMap-Mitwirkende, ODbL 1.0',
      kept: 'Zugarten (products) und verknüpfte Haltestellen: Name, Verkehrsmittel, Lage',
    },
    {
      package: 'db-platforms',
      version: versionOf('db-platforms'),
      // Its changelog: "DBSuS-Bahnsteigdaten-Stand2020-03".
      stand: '2020-03',
      licence: 'Daten: DB Station&Service (Bahnsteigdaten), CC BY 4.0',
      kept: 'Gleise: Name, Bahnsteig, Bahnsteiglänge, Bahnsteighöhe (ohne OpenStreetMap-Bezüge)',
    },
    {
      package: 'db-elevators',
      version: versionOf('db-elevators'),
      stand: '2020',
      licence: 'Daten: DB (FaSta), CC BY 4.0; OpenStreetMap-Knoten © OpenStreetMap-Mitwirkende, ODbL 1.0',
      kept: 'Aufzüge: Nummer, Beschreibung, Lage, OpenStreetMap-Knoten',
    },
  ]
}

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim()
const round6 = (value: number): number => Math.round(value * 1e6) / 1e6
const naturally = (a: string, b: string): number => a.localeCompare(b, 'de', { numeric: true })

function trainTypes(products: Record<string, boolean> | undefined): TrainType[] {
  return TRAIN_TYPES.filter((type) => PRODUCTS[type].some((flag) => products?.[flag] === true))
}

function stationIds(): string[] {
  return readFileSync(stationsSourceFile(), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { id: string }).id)
}

/** The stations' own entries and the stops linked to them, in one pass over full.ndjson. */
async function readHafas(ids: ReadonlySet<string>) {
  const trains = new Map<string, TrainType[]>()
  const stops = new Map<string, LocalStop<TrainType>[]>()
  const lines = createInterface({
    input: createReadStream(require.resolve('db-hafas-stations/full.ndjson'), 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  for await (const line of lines) {
    if (line === '') continue
    const entry = JSON.parse(line) as HafasEntry
    if (ids.has(entry.id)) trains.set(entry.id, trainTypes(entry.products))
    const parent = entry.station?.id
    const { latitude, longitude } = entry.location ?? {}
    if (parent === undefined || !ids.has(parent) || latitude === undefined || longitude === undefined)
      continue
    const list = stops.get(parent) ?? []
    list.push({
      id: entry.id,
      name: tidy(entry.name),
      modes: trainTypes(entry.products),
      position: { lat: round6(latitude), lng: round6(longitude) },
    })
    stops.set(parent, list)
  }
  return { trains, stops }
}

function readTracks(ids: ReadonlySet<string>): Map<string, Track[]> {
  const tracks = new Map<string, Track[]>()
  for (const entry of require('db-platforms') as PlatformEntry[]) {
    if (!ids.has(entry.station)) continue
    const list = tracks.get(entry.station) ?? []
    const { name, length, height } = entry.perron
    list.push({ track: tidy(entry.name), platform: tidy(name), length, height })
    tracks.set(entry.station, list)
  }
  return tracks
}

function readLifts(ids: ReadonlySet<string>): Map<string, Lift[]> {
  const lifts = new Map<string, Lift[]>()
  for (const entry of require('db-elevators') as ElevatorEntry[]) {
    const description = entry.description === null ? null : tidy(entry.description)
    if (!ids.has(entry.station) || (description !== null && NOT_FOR_TRAVELLERS.test(description))) continue
    const list = lifts.get(entry.station) ?? []
    list.push({
      id: entry.id,
      description: description || null,
      position: entry.location
        ? { lat: round6(entry.location.latitude), lng: round6(entry.location.longitude) }
        : null,
      osmNode: entry.osmNodeId ?? null,
    })
    lifts.set(entry.station, list)
  }
  return lifts
}

/** The file's text: the sources, then one station per line (readable diffs after an upgrade). */
export async function buildStationFacts(): Promise<string> {
  const ids = stationIds()
  const known = new Set(ids)
  const { trains, stops } = await readHafas(known)
  const tracks = readTracks(known)
  const lifts = readLifts(known)
  const lines = [...ids]
    .sort((a, b) => Number(a) - Number(b))
    .map((id) => {
      const facts: StationFacts = { trains: trains.get(id) ?? [] }
      const stationTracks = tracks.get(id)?.sort((a, b) => naturally(a.track, b.track))
      const stationLifts = lifts.get(id)?.sort((a, b) => naturally(a.description ?? '', b.description ?? ''))
      const stationStops = stops.get(id)?.sort((a, b) => naturally(a.name, b.name))
      if (stationTracks) facts.tracks = stationTracks
      if (stationLifts) facts.lifts = stationLifts
      if (stationStops) facts.stops = stationStops
      return `${JSON.stringify(id)}:${JSON.stringify(facts)}`
    })
  return `{"sources":${JSON.stringify(sources())},\n"stations":{\n${lines.join(',\n')}\n}}\n`
}

if (import.meta.main) {
  const started = performance.now()
  const text = await buildStationFacts()
  writeFileSync(STATION_FACTS_FILE, text)
  console.log(
    `${STATION_FACTS_FILE}: ${text.length} bytes, ${gzipSync(text).length} gzip, ` +
      `${brotliCompressSync(text).length} brotli, in ${Math.round(performance.now() - started)} ms`,
  )
}
