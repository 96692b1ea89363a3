// A station's tracks, lifts and linked stops read straight from the npm packages (db-platforms,
// db-elevators, db-hafas-stations), with this file's own reading of them, for the expectations of
// the station page's specs: never from the derived file the server reads.
import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'

const require = createRequire(import.meta.url)

export const COLOGNE = '8000207'
export const FRANKFURT = '8000105'

interface PackagedTrack {
  name: string
  station: string
  perron: { name: string; length: number; height: number }
}

export interface PlatformExpectation {
  platform: string
  tracks: string[]
  length: number
  height: number
}

/** The station's platforms in the package's order of tracks, each with its tracks, length and height. */
export function platformsFromPackage(station: string): PlatformExpectation[] {
  const platforms = new Map<string, PlatformExpectation>()
  for (const track of require('db-platforms') as PackagedTrack[]) {
    if (track.station !== station) continue
    const known = platforms.get(track.perron.name)
    if (known) known.tracks.push(track.name)
    else
      platforms.set(track.perron.name, {
        platform: track.perron.name,
        tracks: [track.name],
        length: track.perron.length,
        height: track.perron.height,
      })
  }
  return [...platforms.values()]
}

/** The Bahnsteighöhe filter's group of a height, by this file's own reading: the standard height at or below it. */
function heightGroup(height: number): string {
  if (height >= 96) return '96'
  if (height >= 76) return '76'
  if (height >= 55) return '55'
  return '38'
}

/** Per height group, how many of `ids` have at least one platform in it, by db-platforms. */
export function platformHeightCounts(ids: ReadonlySet<string>): Record<string, number> {
  const groups = new Map<string, Set<string>>()
  for (const track of require('db-platforms') as PackagedTrack[]) {
    if (!ids.has(track.station)) continue
    const group = heightGroup(track.perron.height)
    groups.set(group, (groups.get(group) ?? new Set()).add(track.station))
  }
  return Object.fromEntries([...groups].map(([group, stations]) => [group, stations.size]))
}

/** The stations of `ids` with a platform in one of `groups`. */
export function stationsWithHeights(ids: ReadonlySet<string>, groups: readonly string[]): Set<string> {
  const found = new Set<string>()
  for (const track of require('db-platforms') as PackagedTrack[])
    if (ids.has(track.station) && groups.includes(heightGroup(track.perron.height))) found.add(track.station)
  return found
}

interface PackagedLift {
  id: string
  description: string | null
  station: string
  location?: { latitude: number; longitude: number } | null
}

/** The station's lifts for travellers by db-elevators (FaSta marks service lifts "Nicht Reisendenrelevant"). */
export function liftsFromPackage(station: string): Array<{ id: string; description: string | null }> {
  return (require('db-elevators') as PackagedLift[])
    .filter((lift) => lift.station === station)
    .map((lift) => ({ id: lift.id, description: lift.description?.trim() || null }))
    .filter((lift) => !/^nicht reisendenrelevant$/i.test(lift.description ?? ''))
}

/** The stations of `ids` with at least one lift for travellers. */
export function stationsWithLifts(ids: ReadonlySet<string>): Set<string> {
  const found = new Set<string>()
  for (const lift of require('db-elevators') as PackagedLift[])
    if (ids.has(lift.station) && !/^nicht reisendenrelevant$/i.test(lift.description?.trim() ?? ''))
      found.add(lift.station)
  return found
}

/** The modes by db-hafas-stations' product flags, under the names the page shows. */
const MODES: Array<[string, string[]]> = [
  ['ICE', ['nationalExpress']],
  ['IC/EC', ['national']],
  ['RE/RB', ['regionalExpress', 'regional']],
  ['S-Bahn', ['suburban']],
  ['U-Bahn', ['subway']],
  ['Straßenbahn', ['tram']],
  ['Bus', ['bus']],
  ['Fähre', ['ferry']],
]

interface HafasLine {
  id: string
  name: string
  location?: { latitude?: number; longitude?: number }
  products?: Record<string, boolean>
  station?: { id?: string }
}

/** The local stops db-hafas-stations links to the station (those with a position), each with its modes. */
export async function stopsFromPackage(station: string): Promise<Array<{ name: string; modes: string[] }>> {
  const stops: Array<{ name: string; modes: string[] }> = []
  const lines = createInterface({
    input: createReadStream(require.resolve('db-hafas-stations/full.ndjson'), 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  for await (const line of lines) {
    if (!line.includes(`"station":{"id":"${station}"`)) continue
    const entry = JSON.parse(line) as HafasLine
    if (entry.station?.id !== station || entry.location?.latitude === undefined) continue
    const modes = MODES.filter(([, flags]) => flags.some((flag) => entry.products?.[flag])).map(
      ([mode]) => mode,
    )
    stops.push({ name: entry.name.trim(), modes })
  }
  return stops
}
