// Deterministic bench data: n records derived from the 5,388 real stations. The first 5,388 are
// the real ones; the rest are jittered copies with invented place names (German-looking, so
// prefixes, typos and umlauts behave as on real data). Same seed, same records, every run.
//   node scripts/generate-records.ts 100000 > /tmp/records.ndjson
import { readStations, type StationRecord } from '../server/stations/station-records.ts'

/** mulberry32: small, fast, good enough for test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ENDINGS = [
  'dorf',
  'hausen',
  'heim',
  'burg',
  'berg',
  'feld',
  'stadt',
  'bach',
  'au',
  'ingen',
  'stedt',
  'rode',
  'hagen',
  'kirchen',
  'furt',
  'brück',
  'walde',
  'see',
  'tal',
  'born',
  'münde',
  'bühl',
  'weiler',
  'lohe',
]
const SUFFIXES = [
  'Nord',
  'Süd',
  'Ost',
  'West',
  'Mitte',
  'Hbf',
  'Bf',
  'Hafen',
  'Gewerbegebiet',
  'Kirche',
  'Markt',
  'Schule',
  'Siedlung',
  'Brücke',
  'Stadion',
  'Flughafen',
  'Klinikum',
  'Rathaus',
  'Friedhof',
  'Messe',
  'Universität',
  'Schloss',
  'Zentrum',
  'Bahnhof',
  'Straße',
  'Allee',
  'Platz',
  'Tor',
  'Park',
  'Wald',
]
const PREFIXES = ['Bad', 'Neu', 'Alt', 'Groß', 'Klein', 'Ober', 'Unter', 'Nieder', 'Hohen', 'St.']

/** An invented town: the start of one real city and a typical German ending. */
function inventTown(random: () => number, cities: readonly string[]): string {
  const source = cities[Math.floor(random() * cities.length)]!
  const letters = source.replace(/[^A-Za-zÄÖÜäöüß]/g, '')
  const cut = Math.max(3, Math.min(letters.length, 3 + Math.floor(random() * 4)))
  const stem = letters.slice(0, cut)
  const town = `${stem}${ENDINGS[Math.floor(random() * ENDINGS.length)]}`
  return random() < 0.15 ? `${PREFIXES[Math.floor(random() * PREFIXES.length)]} ${town}` : town
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!
}

/**
 * `count` records: the real stations first, then generated ones. Generated records share the
 * base record's strings and arrays where they do not vary (as parsed records would not, but it
 * keeps the bench process small enough to run three engines side by side).
 */
export function generateRecords(
  base: readonly StationRecord[],
  count: number,
  seed = 20240601,
): StationRecord[] {
  const out: StationRecord[] = base.slice(0, count)
  const random = seededRandom(seed)
  const cities = base.map((r) => r.city ?? r.name)
  // A pool of invented towns, so towns repeat (facets and prefixes get realistic fan-out).
  const towns = Array.from({ length: Math.max(100, Math.floor(count / 40)) }, () =>
    inventTown(random, cities),
  )
  for (let i = out.length; i < count; i++) {
    const b = base[i % base.length]!
    const town = pick(random, towns)
    const roll = random()
    const name =
      roll < 0.25
        ? `${b.name} ${pick(random, SUFFIXES)}`
        : roll < 0.8
          ? `${town} ${pick(random, SUFFIXES)}`
          : town
    const facilities = random() < 0.7 ? b.facilities : b.facilities.filter(() => random() < 0.8)
    const geo = b._geoloc
    out.push({
      ...b,
      objectID: `g${i}`,
      name,
      city: roll < 0.25 ? b.city : town,
      zipcode: String(10000 + Math.floor(random() * 89999)),
      ril100: random() < 0.3 ? b.ril100 : null,
      category: Math.min(7, Math.max(1, (b.category ?? 6) + Math.floor(random() * 3) - 1)),
      facilities,
      weight: Math.round((b.weight * (0.5 + random()) + random()) * 10) / 10,
      _geoloc: geo ? { lat: geo.lat + (random() - 0.5) * 0.1, lng: geo.lng + (random() - 0.5) * 0.1 } : null,
    })
  }
  return out
}

export async function loadStations(): Promise<StationRecord[]> {
  const records: StationRecord[] = []
  for await (const record of readStations()) records.push(record)
  return records
}

if (import.meta.main) {
  const count = Number(process.argv[2] ?? 100_000)
  const records = generateRecords(await loadStations(), count)
  for (const record of records) process.stdout.write(`${JSON.stringify(record)}\n`)
}
