// A station's tracks, lifts and linked stops read straight from the npm packages (db-platforms,
// db-elevators, db-hafas-stations), with this file's own reading of them, for the expectations of
// the station page's specs: never from the derived file the server reads.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export const COLOGNE = '8000207'

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
