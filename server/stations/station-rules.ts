// Query rules shipped with the stations: what a traveller means by a few queries that text
// relevance alone gets wrong. See docs/stations.md#query-rules.
import type { Rule } from '../search/rules/rule-types.ts'

/** The airports' long-distance and regional stations, by traffic (EVA numbers from db-stations). */
export const AIRPORT_STATIONS = [
  '8070003', // Frankfurt am Main Flughafen Fernbahnhof
  '8070004', // Frankfurt (Main) Flughafen Regionalbahnhof
  '8004168', // Flughafen München
  '8011201', // Flughafen BER - Terminal 1-2
  '8000082', // Düsseldorf Flughafen
  '8002547', // Hamburg Airport (Flughafen)
  '8003330', // Köln/Bonn Flughafen
  '8005768', // Stuttgart Flughafen/Messe
  '8012183', // Flughafen Leipzig/Halle
] as const

export const BER_STATION = '8011201'

/** userData of a notice rule, as the search page shows it above the hits. */
interface StationNotice {
  kind: 'notice'
  title: string
  text: string
  /** A station the notice points to instead. */
  stationId?: string
  stationName?: string
}

const tegelClosed: StationNotice = {
  kind: 'notice',
  title: 'Flughafen Tegel geschlossen',
  text: 'Der Flughafen Berlin-Tegel ist seit dem 8. November 2020 geschlossen; alle Flüge starten und landen am Flughafen BER. Der S-Bahnhof Berlin-Tegel liegt im Ortsteil Tegel, nicht am früheren Flughafen.',
  stationId: BER_STATION,
  stationName: 'Flughafen BER - Terminal 1-2',
}

/**
 * RIL100 codes that are also one typo away from the city of a main station (category 1 or 2), by
 * Algolia's count (a transposition is one typo; a typo on the first letter counts two, so "kiel"
 * is near "KEIL" but "heil" is not). The code's station matches such a query exactly, so
 * `typoTolerance: 'min'` would list it alone; a traveller who types "keil" means Kiel. Kept in
 * step with db-stations by station-rules.test.ts.
 */
export const CODES_NEAR_MAIN_STATIONS = [
  { code: 'KEIL', codeStation: '8001712', mainStation: '8000199' }, // Eilendorf; Kiel Hbf
  { code: 'KLEL', codeStation: '8003616', mainStation: '8000199' }, // Leichlingen; Kiel Hbf
  { code: 'HAMR', codeStation: '8000414', mainStation: '8000149' }, // Achmer; Hamm (Westf) Hbf
  { code: 'HAMI', codeStation: '8000578', mainStation: '8000149' }, // Anderten-Misburg; Hamm (Westf) Hbf
] as const

/**
 * The main station first, then the code's station (the only exact match), then the other
 * stations one typo away (the city's other stations), as `typoTolerance: 'strict'` keeps them.
 */
function codeNearMainStation({ code, mainStation }: (typeof CODES_NEAR_MAIN_STATIONS)[number]): Rule {
  return {
    objectID: `code-${code.toLowerCase()}-oder-hauptbahnhof`,
    description: `"${code}" is a station's RIL100 code and a typo of a main station's city: the main station first`,
    conditions: [{ pattern: code.toLowerCase(), anchoring: 'is' }],
    consequence: { promote: [{ objectID: mainStation, position: 0 }], params: { typoTolerance: 'strict' } },
  }
}

export const STATIONS_RULES: Rule[] = [
  {
    objectID: 'flughafen-bahnhoefe',
    description: '"flughafen" lists the airports\' stations first, the busiest first',
    conditions: [{ pattern: 'flughafen', anchoring: 'is', alternatives: true }],
    consequence: { promote: [{ objectIDs: [...AIRPORT_STATIONS], position: 0 }] },
  },
  {
    objectID: 'ber-flughafen',
    description: '"BER" alone means the airport, not the start of "Berlin"',
    conditions: [{ pattern: 'ber', anchoring: 'is' }],
    consequence: { promote: [{ objectID: BER_STATION, position: 0 }] },
  },
  {
    objectID: 'flughafen-tegel-geschlossen',
    description: 'Tegel airport is closed: say so, and point to BER',
    conditions: [
      { pattern: 'tegel', anchoring: 'contains' },
      { pattern: 'txl', anchoring: 'is' },
    ],
    consequence: { userData: { ...tegelClosed } },
  },
  ...CODES_NEAR_MAIN_STATIONS.map(codeNearMainStation),
]
