// The train types of every station read straight from db-hafas-stations' full.ndjson, with this
// file's own reading of its product flags, for the counts the search tests compare against.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { allStations } from './stations.ts'

const require = createRequire(import.meta.url)

/** The package's product flags under the names the Züge filter shows. */
const FLAGS: Record<string, string[]> = {
  ICE: ['nationalExpress'],
  'IC/EC': ['national'],
  'RE/RB': ['regionalExpress', 'regional'],
  'S-Bahn': ['suburban'],
  'U-Bahn': ['subway'],
  Straßenbahn: ['tram'],
  Bus: ['bus'],
  Fähre: ['ferry'],
}

let cached: Promise<Map<string, string[]>> | undefined

/** Per station id, its train types by the package. */
export function trainTypesFromPackage(): Promise<Map<string, string[]>> {
  cached ??= (async () => {
    const ids = new Set((await allStations()).map((station) => station.objectID))
    const types = new Map<string, string[]>()
    const text = readFileSync(require.resolve('db-hafas-stations/full.ndjson'), 'utf8')
    for (const line of text.split('\n')) {
      const id = /^\{"id":"(\d+)"/.exec(line)?.[1]
      if (id === undefined || !ids.has(id)) continue
      const { products } = JSON.parse(line) as { products: Record<string, boolean> }
      types.set(
        id,
        Object.keys(FLAGS).filter((type) => FLAGS[type]?.some((flag) => products[flag])),
      )
    }
    return types
  })()
  return cached
}

/** How many stations each train type has, over the given ids (all when none are given). */
export async function trainCounts(ids?: Iterable<string>): Promise<Record<string, number>> {
  const types = await trainTypesFromPackage()
  const counts: Record<string, number> = {}
  for (const id of ids ?? types.keys())
    for (const type of types.get(id) ?? []) counts[type] = (counts[type] ?? 0) + 1
  return counts
}
