// What stops at a station and what it is built of, beyond db-stations: the train types, the tracks
// with their platforms, the lifts and the local stops linked to it. Read from station-facts.json,
// which `npm run build:station-facts` (scripts/build-station-facts.ts) derives from the npm packages
// db-hafas-stations, db-platforms and db-elevators and which is committed with their versions, so
// neither the import nor a start parses the 125 MB of db-hafas-stations. See docs/stations.md#station-facts.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FactsSource, Lift, LocalStop, Track } from '../../web/shared/station-site.ts'

/**
 * The train types as travellers name them, in the order the filter lists them: the source's
 * products nationalExpress (ICE), national (IC/EC), regionalExpress and regional (RE/RB), suburban,
 * subway, tram, bus and ferry. Its `taxi` (on-demand services) is left out.
 */
export const TRAIN_TYPES = [
  'ICE',
  'IC/EC',
  'RE/RB',
  'S-Bahn',
  'U-Bahn',
  'Straßenbahn',
  'Bus',
  'Fähre',
] as const
export type TrainType = (typeof TRAIN_TYPES)[number]

/** The train types that make a long-distance stop (the ranking's tie-break, the map's layer). */
export const LONG_DISTANCE: readonly TrainType[] = ['ICE', 'IC/EC']

/**
 * The platform heights the Bahnsteighöhe filter offers, highest first: each track's height falls in
 * the group of the standard height (EBO § 13; DB's 38, 55, 76 and 96 cm) at or below it, so 85 cm
 * counts as 76, Berlin's older 103 cm S-Bahn platforms as 96, and everything under 55 cm as 38.
 */
export const PLATFORM_HEIGHTS = ['96', '76', '55', '38'] as const
export type PlatformHeight = (typeof PLATFORM_HEIGHTS)[number]

/** The groups of a station's platform heights, in the filter's order (none without tracks). */
export function platformHeightGroups(tracks: readonly Track[]): PlatformHeight[] {
  const group = (height: number): PlatformHeight =>
    height >= 96 ? '96' : height >= 76 ? '76' : height >= 55 ? '55' : '38'
  const present = new Set(tracks.map((track) => group(track.height)))
  return PLATFORM_HEIGHTS.filter((height) => present.has(height))
}

/** Everything known of one station beyond db-stations; empty lists are left out. */
export interface StationFacts {
  trains: TrainType[]
  tracks?: Track[]
  lifts?: Lift[]
  stops?: LocalStop<TrainType>[]
}

export interface StationFactsFile {
  sources: FactsSource[]
  /** Keyed by station id (EVA number), in ascending order. */
  stations: Record<string, StationFacts>
}

export const STATION_FACTS_FILE = fileURLToPath(new URL('./station-facts.json', import.meta.url))

let loaded: StationFactsFile | undefined

/** One station's facts, or undefined when the file has none for it. */
export function stationFactsOf(id: string): StationFacts | undefined {
  const { stations } = readStationFacts()
  return Object.hasOwn(stations, id) ? stations[id] : undefined
}

/** The committed facts, parsed once per process (about 20 ms). */
export function readStationFacts(): StationFactsFile {
  loaded ??= JSON.parse(readFileSync(STATION_FACTS_FILE, 'utf8')) as StationFactsFile
  return loaded
}
