// Query rules shipped with the stations: what a traveller means by a few queries that text
// relevance alone gets wrong. See docs/stations.md#query-rules.

import type { Rule } from '../../search-core/index.ts'
import { fold } from '../../search-core/index.ts'
import type { TrainType } from './station-facts.ts'

/** The airports' long-distance and regional stations, by traffic (EVA numbers from db-stations). */
const AIRPORT_STATIONS = [
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

const BER_STATION = '8011201'

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
const CODES_NEAR_MAIN_STATIONS = [
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

/**
 * The Bundesländer a query may name, with the spellings travellers type: the name, the
 * abbreviations German writing uses and the English name (the Bundesland filter's search knows the same, in
 * web/stations/facet-labels.ts). Left out: Berlin, Hamburg and Bremen (the city is meant, and
 * "berlin flughafen" means BER in Brandenburg), Brandenburg (the city Brandenburg an der Havel),
 * the two-letter ISO codes BY, BE, HE, NI, NW, ST, SN, TH … (several are stations' RIL100 codes:
 * Emden Hbf is HE; and "be", "st" begin the names typed letter by letter) and "bay" (Bayreuth).
 */
const STATES_IN_QUERIES = [
  {
    state: 'Baden-Württemberg',
    spellings: ['baden-württemberg', 'baden-wuerttemberg', 'bw', 'bawü', 'bawue'],
  },
  { state: 'Bayern', spellings: ['bayern', 'bavaria'] },
  { state: 'Hessen', spellings: ['hessen', 'hesse'] },
  {
    state: 'Mecklenburg-Vorpommern',
    spellings: [
      'mecklenburg-vorpommern',
      'mv',
      'meckpomm',
      'mecklenburg-western pomerania',
      'mecklenburg-west pomerania',
    ],
  },
  { state: 'Niedersachsen', spellings: ['niedersachsen', 'nds', 'lower saxony'] },
  // NRW is also the RIL100 code of Roßtal-Wegbrücke (Bayern, category 6): the state is meant.
  {
    state: 'Nordrhein-Westfalen',
    spellings: ['nordrhein-westfalen', 'nrw', 'north rhine-westphalia', 'north rhine westphalia'],
  },
  {
    state: 'Rheinland-Pfalz',
    spellings: ['rheinland-pfalz', 'rlp', 'rhineland-palatinate', 'rhineland palatinate'],
  },
  { state: 'Saarland', spellings: ['saarland'] },
  { state: 'Sachsen', spellings: ['sachsen', 'saxony'] },
  { state: 'Sachsen-Anhalt', spellings: ['sachsen-anhalt', 'lsa', 'saxony-anhalt', 'saxony anhalt'] },
  { state: 'Schleswig-Holstein', spellings: ['schleswig-holstein', 'sh'] },
  { state: 'Thüringen', spellings: ['thüringen', 'thueringen', 'thuringia'] },
] as const

/** userData of a state rule: the web app turns it into the Bundesland refinement. */
interface RecognizedRefinement {
  kind: 'refinement'
  attribute: string
  value: string
}

/**
 * A state anywhere in the query becomes a filter on it and leaves the words to search ("hbf nrw"
 * searches "hbf" in Nordrhein-Westfalen; "nrw" alone lists the state's stations, largest first).
 */
function stateRule({ state, spellings }: (typeof STATES_IN_QUERIES)[number]): Rule {
  const refinement: RecognizedRefinement = { kind: 'refinement', attribute: 'federalState', value: state }
  return {
    objectID: `bundesland-${fold(state).replaceAll(' ', '-')}`,
    description: `"${spellings.join('", "')}" in the query: the stations of ${state}`,
    conditions: spellings.map((pattern) => ({ pattern, anchoring: 'contains' })),
    consequence: {
      params: {
        facetFilters: [`federalState:${state}`],
        query: { edits: spellings.map((spelling) => ({ type: 'remove', delete: spelling })) },
      },
      userData: { ...refinement },
    },
  }
}

/**
 * The train types a query may name, with the words travellers type; several types are ORed, as in
 * the Züge filter. None is a word of a station's name; "bus" is the RIL100 code of Uhyst (category
 * 7): buses are meant. Left out: the two-letter "ic", "ec", "re", "rb", which begin names typed
 * letter by letter (Eckernförde, Regensburg).
 */
const TRAINS_IN_QUERIES = [
  { id: 'ice', types: ['ICE'], spellings: ['ice', 'intercity-express'] },
  { id: 'fernverkehr', types: ['ICE', 'IC/EC'], spellings: ['fernverkehr', 'fernzug', 'fernzüge'] },
  { id: 'intercity', types: ['IC/EC'], spellings: ['intercity', 'eurocity'] },
  {
    id: 'regionalverkehr',
    types: ['RE/RB'],
    spellings: ['regionalverkehr', 'regionalzug', 'regionalbahn', 'regionalexpress'],
  },
  { id: 's-bahn', types: ['S-Bahn'], spellings: ['s-bahn', 'sbahn'] },
  { id: 'u-bahn', types: ['U-Bahn'], spellings: ['u-bahn', 'ubahn'] },
  { id: 'strassenbahn', types: ['Straßenbahn'], spellings: ['straßenbahn', 'strassenbahn', 'tram'] },
  { id: 'bus', types: ['Bus'], spellings: ['bus'] },
  { id: 'faehre', types: ['Fähre'], spellings: ['fähre', 'faehre'] },
] as const satisfies readonly { id: string; types: readonly TrainType[]; spellings: readonly string[] }[]

/**
 * A train type anywhere in the query becomes a filter on it and leaves the words to search ("ice
 * bayern": the ICE stops in Bayern, largest first); userData names the refinements, as for a state.
 */
function trainRule({ id, types, spellings }: (typeof TRAINS_IN_QUERIES)[number]): Rule {
  return {
    objectID: `zuege-${id}`,
    description: `"${spellings.join('", "')}" in the query: the stations served by ${types.join(' or ')}`,
    conditions: spellings.map((pattern) => ({ pattern, anchoring: 'contains' })),
    consequence: {
      params: {
        facetFilters: [types.map((type) => `trains:${type}`)],
        query: { edits: spellings.map((spelling) => ({ type: 'remove', delete: spelling })) },
      },
      userData: { kind: 'refinement', attribute: 'trains', values: [...types] },
    },
  }
}

/** The station named like a state: its name in the query is a longer match than the state's rule. */
const SACHSEN_BEI_ANSBACH = '8005250'

/**
 * City shorthands (station-synonyms.ts) that are also a station's RIL100 code: the synonym lists the
 * city's stations, the code's station would come after all of them. Typed alone, the city's main
 * station comes first and the code's station second. Kept in step with the synonyms and
 * db-stations by station-rules.test.ts.
 */
const SHORTHANDS_THAT_ARE_CODES = [
  { shorthand: 'dd', mainStation: '8010085', codeStation: '8011420' }, // Dresden Hbf; Dresden-Dobritz
  { shorthand: 'hh', mainStation: '8002549', codeStation: '8000152' }, // Hamburg Hbf; Hannover Hbf
  { shorthand: 'ka', mainStation: '8000191', codeStation: '8000001' }, // Karlsruhe Hbf; Aachen Hbf
  { shorthand: 'lpz', mainStation: '8010205', codeStation: '8012668' }, // Leipzig Hbf; Premnitz Nord
  { shorthand: 'bln', mainStation: '8011160', codeStation: '8010220' }, // Berlin Hbf; Lübbenau (Spreewald)
  { shorthand: 'nbg', mainStation: '8000284', codeStation: '8001149' }, // Nürnberg Hbf; Breitengüßbach
] as const

function shorthandAndCode({
  shorthand,
  mainStation,
  codeStation,
}: (typeof SHORTHANDS_THAT_ARE_CODES)[number]): Rule {
  return {
    objectID: `kuerzel-${shorthand}-und-code`,
    description: `"${shorthand}" is a city's shorthand and a station's RIL100 code: the main station first, the code's station second`,
    conditions: [{ pattern: shorthand, anchoring: 'is' }],
    consequence: { promote: [{ objectIDs: [mainStation, codeStation], position: 0 }] },
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
  ...SHORTHANDS_THAT_ARE_CODES.map(shorthandAndCode),
  ...STATES_IN_QUERIES.map(stateRule),
  ...TRAINS_IN_QUERIES.map(trainRule),
  {
    objectID: 'sachsen-bei-ansbach',
    description:
      'The station "Sachsen (b Ansbach)" is meant, not the state: a longer match than the state\'s rule',
    conditions: [
      { pattern: 'sachsen ansbach', anchoring: 'contains' },
      { pattern: 'sachsen b ansbach', anchoring: 'contains' },
      { pattern: 'sachsen bei ansbach', anchoring: 'contains' },
      { pattern: 'ansbach sachsen', anchoring: 'contains' },
    ],
    consequence: { promote: [{ objectID: SACHSEN_BEI_ANSBACH, position: 0 }] },
  },
]
