// Synonyms shipped with the stations index: how station names abbreviate, and the nicknames and
// codes travellers type. Every alternative (the words a synonym leads to) must occur as a phrase
// in some station name; station-synonyms.test.ts checks that against the real data.
import type { Synonym } from '../../search-core/index.ts'

function oneWay(input: string, ...synonyms: string[]): Synonym {
  return { objectID: input.replaceAll(' ', '-'), type: 'onewaysynonym', input, synonyms }
}

/** Station names abbreviate freely: "Berlin Hbf" should find "Berlin Hauptbahnhof" and back. */
const ABBREVIATIONS: Synonym[] = [
  { objectID: 'hbf', type: 'synonym', synonyms: ['hbf', 'hauptbahnhof'] },
  { objectID: 'bf', type: 'synonym', synonyms: ['bf', 'bahnhof'] },
  // No name spells these out: only the query side needs them.
  oneWay('bhf', 'bf', 'bahnhof'),
  oneWay('hauptbf', 'hbf', 'hauptbahnhof'),
  oneWay('personenbahnhof', 'pbf'),
  oneWay('sankt', 'st'),
  oneWay('westfalen', 'westf'),
  oneWay('oberpfalz', 'oberpf'),
  // "München Ostbahnhof" is named "München Ost", and "Berlin Ost" means the Ostbahnhof.
  { objectID: 'ostbahnhof', type: 'synonym', synonyms: ['ost', 'ostbahnhof'] },
  // One way: "Köln Airport-Businesspark" is not the airport's station.
  oneWay('airport', 'flughafen'),
]

/**
 * Nicknames, licence-plate and airport codes, cities' shorthands. Codes that begin a city's name
 * ("ham", "fra", "dus") are left out: a traveller typing "fra…" for Frankfurt would see the airport
 * first. Where a shorthand is also a station's RIL100 code ("lpz", "bln", "nbg"), a query rule
 * keeps that station second (station-rules.ts).
 */
const NICKNAMES: Synonym[] = [
  oneWay('ffm', 'frankfurt main', 'frankfurt am main'),
  oneWay('hh', 'hamburg'),
  oneWay('ka', 'karlsruhe'),
  oneWay('dd', 'dresden'),
  // Cities as German writing shortens them (addresses, notes, timetables: "Lpz.", "Mchn.").
  oneWay('lpz', 'leipzig'),
  oneWay('mchn', 'münchen'),
  oneWay('stgt', 'stuttgart'),
  oneWay('bln', 'berlin'),
  oneWay('hbg', 'hamburg'),
  oneWay('nbg', 'nürnberg'),
  // The airport's stations are named "Flughafen BER - Terminal …", without "Berlin".
  oneWay('flughafen berlin', 'flughafen ber'),
  oneWay('berlin flughafen', 'flughafen ber'),
  oneWay('berlin airport', 'flughafen ber'),
  oneWay('airport berlin', 'flughafen ber'),
  oneWay('muc', 'flughafen münchen'),
  oneWay('cgn', 'köln bonn flughafen'),
  // "Airport" alone also finds "Köln Airport-Businesspark", which is not the airport's station.
  oneWay('cologne airport', 'köln bonn flughafen'),
  oneWay('cologne bonn airport', 'köln bonn flughafen'),
  // Halle's station is named just "Zoo"; Berlin's is the one the song and the film mean. One word
  // ("zoologischer") counts as exact, as "Zoo" in a name does: the bigger station then comes first.
  oneWay('zoo', 'berlin zoologischer garten', 'zoologischer'),
  oneWay('bahnhof zoo', 'berlin zoologischer garten'),
  oneWay('bhf zoo', 'berlin zoologischer garten'),
  oneWay('bf zoo', 'berlin zoologischer garten'),
  oneWay('alex', 'alexanderplatz'),
  // Visitors search in English: cities with English names, and what a main station is called.
  // "Main" alone stays the river of "Frankfurt (Main)"; only the phrases mean a main station.
  // "Central" (as in "Berlin Central") and "east" and "south" occur in no name, city or street;
  // "north" is left out: it begins "Northeim", which would come after every "… Nord" while typed.
  oneWay('central', 'hbf', 'hauptbahnhof'),
  oneWay('east', 'ost', 'ostbahnhof'),
  oneWay('south', 'süd'),
  oneWay('central station', 'hbf', 'hauptbahnhof'),
  oneWay('main station', 'hbf', 'hauptbahnhof'),
  oneWay('central train station', 'hbf', 'hauptbahnhof'),
  oneWay('main train station', 'hbf', 'hauptbahnhof'),
  oneWay('central railway station', 'hbf', 'hauptbahnhof'),
  oneWay('main railway station', 'hbf', 'hauptbahnhof'),
  oneWay('munich', 'münchen'),
  oneWay('cologne', 'köln'),
  oneWay('nuremberg', 'nürnberg'),
  oneWay('hanover', 'hannover'),
  oneWay('brunswick', 'braunschweig'),
  oneWay('hamelin', 'hameln'),
  oneWay('constance', 'konstanz'),
]

export const STATIONS_SYNONYMS: Synonym[] = [...ABBREVIATIONS, ...NICKNAMES]
