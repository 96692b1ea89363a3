// The words of the station records in the page's language, from the message catalogs: the
// values stay as the records, the addresses and the search requests have them ("Bayern",
// "Schließfächer"); only what a page shows follows its language ("Bavaria", "Lockers"). Each table
// lists the values the data has (tests/search/data-labels.test.ts holds them to the real data).
import type { MessageId, Translate } from './intl.tsx'

/** A value's message in `labels`, or the value as it is: a value new to the data still shows. */
function labelFrom(labels: Readonly<Record<string, MessageId>>, value: string, t: Translate): string {
  const id = Object.hasOwn(labels, value) ? labels[value] : undefined
  return id ? t(id) : value
}

/** The Länder by their names in the records; the messages are named by their ISO 3166-2 codes. */
const FEDERAL_STATE_LABELS: Readonly<Record<string, MessageId>> = {
  'Baden-Württemberg': 'federalState.BW',
  Bayern: 'federalState.BY',
  Berlin: 'federalState.BE',
  Brandenburg: 'federalState.BB',
  Bremen: 'federalState.HB',
  Hamburg: 'federalState.HH',
  Hessen: 'federalState.HE',
  'Mecklenburg-Vorpommern': 'federalState.MV',
  Niedersachsen: 'federalState.NI',
  'Nordrhein-Westfalen': 'federalState.NW',
  'Rheinland-Pfalz': 'federalState.RP',
  Saarland: 'federalState.SL',
  Sachsen: 'federalState.SN',
  'Sachsen-Anhalt': 'federalState.ST',
  'Schleswig-Holstein': 'federalState.SH',
  Thüringen: 'federalState.TH',
}

/**
 * A Bundesland's name in the page's language ("Bayern", "Bavaria"), from its name in the records,
 * which the addresses and the search requests keep; a name the table lacks shows as it is.
 */
export function federalStateLabel(value: string, t: Translate): string {
  const id = Object.hasOwn(FEDERAL_STATE_LABELS, value) ? FEDERAL_STATE_LABELS[value] : undefined
  return id ? t(id) : value
}

/** The facilities (Ausstattung) as DB's station data names them. */
const FACILITY_LABELS: Readonly<Record<string, MessageId>> = {
  Bahnhofsmission: 'facility.bahnhofsmission',
  'DB Lounge': 'facility.dbLounge',
  Fahrradstellplatz: 'facility.bicycleParking',
  Fundbüro: 'facility.lostProperty',
  Mietwagen: 'facility.carHire',
  'ÖPNV-Anschluss': 'facility.localTransport',
  Parkplatz: 'facility.parking',
  Reisebedarf: 'facility.travelSupplies',
  Reisezentrum: 'facility.travelCentre',
  Schließfächer: 'facility.lockers',
  Taxistand: 'facility.taxiRank',
  WC: 'facility.toilets',
  WLAN: 'facility.wifi',
}

/** A facility's name in the page's language ("Schließfächer", "Lockers"). */
export function facilityLabel(value: string, t: Translate): string {
  return labelFrom(FACILITY_LABELS, value, t)
}

/** DB InfraGO's station types (Bahnhofssegmente). */
const SEGMENT_LABELS: Readonly<Record<string, MessageId>> = {
  Metropolbahnhof: 'segment.metropolitan',
  Großstadtknoten: 'segment.cityHub',
  'Regionaler Knoten': 'segment.regionalHub',
  'Zentraler S-Bahnhof': 'segment.centralSBahn',
  'Vorstädtischer S-Bahnhof': 'segment.suburbanSBahn',
  'Regionaler Zubringer': 'segment.regionalFeeder',
  'Ländlicher Zubringer': 'segment.ruralFeeder',
}

/** A station type in the page's language ("Großstadtknoten", "Major city hub"). */
export function segmentLabel(value: string, t: Translate): string {
  return labelFrom(SEGMENT_LABELS, value, t)
}

/**
 * The train types whose names are words of a language. ICE, IC/EC and RE/RB are product names,
 * S-Bahn and U-Bahn the systems' own names (English guides write them so, and the signs at the
 * station say them), and Bus is a bus: those read the same in every language.
 */
const TRAIN_LABELS: Readonly<Record<string, MessageId>> = {
  Straßenbahn: 'train.tram',
  Fähre: 'train.ferry',
}

/** A train type's name in the page's language ("Straßenbahn", "Tram"); product names as they are. */
export function trainLabel(value: string, t: Translate): string {
  return labelFrom(TRAIN_LABELS, value, t)
}
