// The station domain: how a db-stations entry becomes a search record, and the index settings.
import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import type { IndexSettings, SearchRecord } from '../../search-core/index.ts'
import {
  LONG_DISTANCE,
  PLATFORM_HEIGHTS,
  type PlatformHeight,
  platformHeightGroups,
  readStationFacts,
  type StationFacts,
  TRAIN_TYPES,
  type TrainType,
} from './station-facts.ts'

export const STATIONS_INDEX = 'stations'

type StepFreeAccess = 'ja' | 'teilweise' | 'nein' | 'unbekannt'

/** The mobility service as one of three answers (the `mobilityService` facet keeps the source text). */
type MobilityServiceAccess = 'ja' | 'nur mit Voranmeldung' | 'nein' | 'unbekannt'

const OPENING_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'holiday',
] as const
type OpeningDay = (typeof OPENING_DAYS)[number]

/** Wall-clock times in Europe/Berlin as the source gives them ("06:00", "24:00"); a missing day is closed. */
type WeeklyHours = Partial<Record<OpeningDay, { from: string; to: string }>>

export interface StationRecord extends SearchRecord {
  objectID: string
  name: string
  ril100: string | null
  city: string | null
  zipcode: string | null
  street: string | null
  federalState: string | null
  category: number | null
  operator: string | null
  segment: string | null
  facilities: string[]
  steplessAccess: StepFreeAccess
  mobilityService: string
  // The station page's facts below are optional: records written by an older import or another
  // tool lack them, and the web app shows what is there.
  mobilityServiceAccess?: MobilityServiceAccess
  /** The number to book the mobility service, as written in the source text. */
  mobilityServicePhone?: string | null
  /** The 3-S-Zentrale (service, safety, cleanliness) responsible for the station. */
  serviceCenterPhone?: string | null
  dbInformationHours?: WeeklyHours | null
  serviceStaffHours?: WeeklyHours | null
  /** The name says Hbf or Hauptbahnhof: the main station of its place (a tie-break of the ranking). */
  mainStation?: boolean
  /** The train types that stop here, by travellers' names (station-facts.ts), in the filter's order. */
  trains?: TrainType[]
  /** ICE or IC/EC stop here: a tie-break of the ranking, above the category. */
  longDistance?: boolean
  /** The groups of its platforms' heights (station-facts.ts): facet "Bahnsteighöhe". */
  platformHeights?: PlatformHeight[]
  /** `ja` where DB's lift data (FaSta, 2020) lists a lift; absent otherwise: facet "Aufzug". */
  lift?: 'ja'
  weight: number
  _geoloc: { lat: number; lng: number } | null
}

/** The source booleans in the order their labels appear in `facilities`. */
const FACILITY_LABELS: readonly (readonly [string, string])[] = [
  ['hasParking', 'Parkplatz'],
  ['hasBicycleParking', 'Fahrradstellplatz'],
  ['hasLocalPublicTransport', 'ÖPNV-Anschluss'],
  ['hasPublicFacilities', 'WC'],
  ['hasLockerSystem', 'Schließfächer'],
  ['hasTaxiRank', 'Taxistand'],
  ['hasTravelNecessities', 'Reisebedarf'],
  ['hasWiFi', 'WLAN'],
  ['hasTravelCenter', 'Reisezentrum'],
  ['hasRailwayMission', 'Bahnhofsmission'],
  ['hasDBLounge', 'DB Lounge'],
  ['hasLostAndFound', 'Fundbüro'],
  ['hasCarRental', 'Mietwagen'],
]

const STEP_FREE: Record<string, StepFreeAccess> = { yes: 'ja', partial: 'teilweise', no: 'nein' }

/** The seven named segments of DB's product lines, keyed by their lower-case spelling. */
const SEGMENTS = new Map(
  [
    'Metropolbahnhof',
    'Großstadtknoten',
    'Regionaler Knoten',
    'Zentraler S-Bahnhof',
    'Vorstädtischer S-Bahnhof',
    'Regionaler Zubringer',
    'Ländlicher Zubringer',
  ].map((name) => [name.toLocaleLowerCase('de'), name] as const),
)

function normalizeSegment(segment: unknown): string | null {
  if (typeof segment !== 'string') return null
  return SEGMENTS.get(segment.trim().toLocaleLowerCase('de')) ?? null
}

interface RawAvailability {
  availability?: Partial<Record<string, { fromTime?: unknown; toTime?: unknown }>>
}

interface RawStation {
  id: string
  name: string
  ril100?: string
  weight?: number
  category?: number
  federalState?: string
  address?: { city?: string; zipcode?: string; street?: string }
  operator?: { name?: string }
  productLine?: { segment?: string }
  location?: { latitude?: number; longitude?: number }
  hasSteplessAccess?: string
  hasMobilityService?: string
  szentrale?: { publicPhoneNumber?: string }
  DBinformation?: RawAvailability
  localServiceStaff?: RawAvailability
  [flag: string]: unknown
}

/**
 * Trims and collapses runs of white space: hundreds of addresses carry trailing or doubled
 * spaces ("Nürnberg ", "Gronau  OT Banteln"), which show up as "Nürnberg , Bayern". Empty means absent.
 */
function tidyText(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const tidy = value.replace(/\s+/g, ' ').trim()
  return tidy === '' ? null : tidy
}

/** A phone number inside a sentence ("… unter 030 65 21 28 88 (Ortstarif) …"). */
const PHONE_IN_TEXT = /\+?\d[\d /-]{4,}\d/

function mobilityServiceAccess(text: string | null): MobilityServiceAccess {
  if (!text) return 'unbekannt'
  if (/^(no|nein)$/i.test(text)) return 'nein'
  if (/^nur\b/i.test(text)) return 'nur mit Voranmeldung'
  if (/^(ja|yes)\b/i.test(text)) return 'ja'
  return 'unbekannt'
}

const TIME = /^([01]\d|2[0-4]):[0-5]\d$/

/** "Mülheim (Ruhr) Hbf", "Berlin Hauptbahnhof", "Frankfurt (Main) Hbf (tief)". */
const MAIN_STATION_NAME = /(^|[\s(/-])(Hbf|Hauptbahnhof)([\s)/-]|$)/

/** Opening hours per day; days with an unreadable time are left out rather than guessed. */
function weeklyHours(raw: RawAvailability | undefined): WeeklyHours | null {
  const days = raw?.availability
  if (!days || typeof days !== 'object') return null
  const hours: WeeklyHours = {}
  for (const day of OPENING_DAYS) {
    const from = days[day]?.fromTime
    const to = days[day]?.toTime
    if (typeof from === 'string' && typeof to === 'string' && TIME.test(from) && TIME.test(to)) {
      hours[day] = { from, to }
    }
  }
  return Object.keys(hours).length > 0 ? hours : null
}

/** The fields of a station record that come from the station facts (station-facts.ts). */
export type FactFields = Pick<StationRecord, 'trains' | 'longDistance' | 'platformHeights' | 'lift'>

/** A station's fact fields from its facts; `lift` only where DB's lift data lists one. */
export function factFields(facts: StationFacts | undefined): FactFields {
  const trains = facts?.trains ?? []
  return {
    trains: [...trains],
    longDistance: trains.some((type) => LONG_DISTANCE.includes(type)),
    platformHeights: platformHeightGroups(facts?.tracks ?? []),
    ...(facts?.lifts?.length ? { lift: 'ja' as const } : {}),
  }
}

function toStationRecord(raw: RawStation, facts: StationFacts | undefined): StationRecord {
  const { latitude, longitude } = raw.location ?? {}
  const mobility = tidyText(raw.hasMobilityService)
  const access = mobilityServiceAccess(mobility)
  return {
    objectID: String(raw.id),
    name: tidyText(raw.name) ?? raw.name,
    ril100: raw.ril100?.trim() || null,
    city: tidyText(raw.address?.city),
    zipcode: tidyText(raw.address?.zipcode),
    street: tidyText(raw.address?.street),
    federalState: tidyText(raw.federalState),
    category: typeof raw.category === 'number' ? raw.category : null,
    operator: tidyText(raw.operator?.name),
    segment: normalizeSegment(raw.productLine?.segment),
    facilities: FACILITY_LABELS.filter(([flag]) => raw[flag] === true).map(([, label]) => label),
    steplessAccess: STEP_FREE[raw.hasSteplessAccess ?? ''] ?? 'unbekannt',
    // The source says "no" in English for most stations; the UI is German.
    mobilityService: !mobility ? 'unbekannt' : mobility === 'no' ? 'nein' : mobility,
    mobilityServiceAccess: access,
    mobilityServicePhone: access === 'nein' ? null : (mobility?.match(PHONE_IN_TEXT)?.[0] ?? null),
    serviceCenterPhone: tidyText(raw.szentrale?.publicPhoneNumber),
    dbInformationHours: weeklyHours(raw.DBinformation),
    serviceStaffHours: weeklyHours(raw.localServiceStaff),
    mainStation: MAIN_STATION_NAME.test(raw.name),
    ...factFields(facts),
    weight: typeof raw.weight === 'number' ? raw.weight : 0,
    _geoloc:
      typeof latitude === 'number' && typeof longitude === 'number'
        ? { lat: latitude, lng: longitude }
        : null,
  }
}

export function stationsSourceFile(): string {
  return createRequire(import.meta.url).resolve('db-stations/full.ndjson')
}

/**
 * Streams the db-stations file (one JSON object per line), each station with its train types from
 * the committed station facts (none for a station they do not know).
 */
export async function* readStations(file = stationsSourceFile()): AsyncGenerator<StationRecord> {
  const facts = readStationFacts().stations
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let lineNo = 0
  for await (const line of lines) {
    lineNo++
    if (line.trim() === '') continue
    let raw: RawStation
    try {
      raw = JSON.parse(line) as RawStation
    } catch {
      throw new Error(`${file}:${lineNo}: not valid JSON`)
    }
    if (typeof raw.id !== 'string' || typeof raw.name !== 'string') {
      throw new Error(`${file}:${lineNo}: a station needs a string id and name`)
    }
    yield toStationRecord(raw, Object.hasOwn(facts, raw.id) ? facts[raw.id] : undefined)
  }
}

const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom']

const SORT_REPLICAS = {
  stations_name_asc: ['asc(name)'],
  stations_name_desc: ['desc(name)'],
  stations_category_asc: ['asc(category)'],
} as const

export const STATIONS_SETTINGS: IndexSettings = {
  // Unordered name: "hbf" should rank Frankfurt (Main) Hbf among the largest hubs, not below every
  // "X Hbf" because of "(Main)"; an exact word still beats a prefix ("potsdam": Potsdam Hbf first).
  searchableAttributes: ['unordered(name)', 'city', 'ril100', 'zipcode', 'unordered(street)'],
  attributesForFaceting: [
    'searchable(federalState)',
    'category',
    'searchable(facilities)',
    'steplessAccess',
    'searchable(operator)',
    'searchable(segment)',
    'mobilityService',
    'trains',
    'platformHeights',
    'lift',
  ],
  // Long-distance stops first (ICE or IC/EC), then the largest hubs (category 1), then a place's
  // main station, then db-stations' weight: weight alone ranks busy S-Bahn stops (Ostkreuz,
  // Friedrichstraße) above Berlin Hbf and Hamburg Hbf, and Köln-Mülheim above Mülheim (Ruhr) Hbf
  // for "mülheim". See docs/stations.md.
  customRanking: ['desc(longDistance)', 'asc(category)', 'desc(mainStation)', 'desc(weight)'],
  // Only the fewest typos: where stations match as typed ("köln"), misspelt matches (Konstanz,
  // Kornwestheim) are neither listed nor counted in the filters; a misspelt query ("nürnbreg")
  // still finds its stations with one typo. A RIL100 code that is also a typo of a main station's
  // city ("KEIL", "kiel") has a query rule (station-rules.ts). See docs/stations.md.
  typoTolerance: 'min',
  // A one-word query is exact where it is a whole word of the record, not only where it is a whole
  // attribute: with Algolia's default ('attribute'), "solingen" ranked Solingen-Mitte (city
  // "Solingen") above Solingen Hbf (city "Solingen-Ohligs"), and "deutz" the village Deutzen above
  // Köln Messe/Deutz. With 'word' such matches tie, and the custom ranking picks the bigger station.
  exactOnSingleWordQuery: 'word',
  // "Bahnhof", "Bhf" and "Bf" say little: few names carry them, so "Bhf Friedrichstraße" found
  // nothing with all its words (Berlin-Friedrichstraße has none of them) and fell back to hits of
  // either word. Optional, they still rank the names that do carry them first. So do the English
  // "station" and "main": while "munich main station" is typed, "munich main" found no München
  // station with "main" and fell back to either word, listing Frankfurt (Main) Hbf first.
  optionalWords: ['bahnhof', 'bhf', 'bf', 'station', 'main'],
  // The street too: a station found by its address ("Kölner Str." for "köln") shows why.
  attributesToHighlight: ['name', 'city', 'street'],
  // German query language: "bahnhöfe" finds "Bahnhof", "der" and "am" drop out of "bahnhof am
  // zoo", and compounds in names split ("bahnhof" finds every "…bahnhof", "hauptbahnhof" and
  // "haupt bahnhof" match each other). A query with a word no station has ("hauptbahnhof
  // münchen xyz") still finds stations by its other words, more matched words first.
  queryLanguages: ['de'],
  ignorePlurals: true,
  removeStopWords: true,
  decompoundedAttributes: { de: ['name'] },
  removeWordsIfNoResults: 'allOptional',
  replicas: Object.keys(SORT_REPLICAS),
  renderingContent: {
    facetOrdering: {
      facets: {
        order: [
          'federalState',
          'trains',
          'category',
          'facilities',
          'steplessAccess',
          'platformHeights',
          'lift',
          'operator',
          'segment',
        ],
      },
      values: {
        trains: { order: [...TRAIN_TYPES] },
        platformHeights: { order: [...PLATFORM_HEIGHTS] },
        category: { sortRemainingBy: 'alpha' },
        steplessAccess: { order: ['ja', 'teilweise', 'nein'] },
      },
    },
  },
}

/** Settings of the standard sort replicas: their sort criterion comes before relevance. */
export function replicaSettings(): Record<string, IndexSettings> {
  return Object.fromEntries(
    Object.entries(SORT_REPLICAS).map(([name, sort]) => [
      name,
      {
        ...STATIONS_SETTINGS,
        replicas: [],
        primary: STATIONS_INDEX,
        ranking: [...sort, ...DEFAULT_RANKING],
      },
    ]),
  )
}
