import type { MessageId, Translate } from '../i18n/intl.tsx'

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

/** Where each Bundesland's name sits: inside the land, clear of Berlin within Brandenburg. */
export const STATE_NAMES: ReadonlyArray<readonly [name: string, lat: number, lng: number]> = [
  ['Schleswig-Holstein', 54.2, 9.7],
  ['Hamburg', 53.55, 10.0],
  ['Mecklenburg-Vorpommern', 53.75, 12.5],
  ['Bremen', 53.08, 8.8],
  ['Niedersachsen', 52.7, 9.3],
  ['Berlin', 52.52, 13.4],
  ['Brandenburg', 52.0, 13.9],
  ['Sachsen-Anhalt', 51.95, 11.7],
  ['Nordrhein-Westfalen', 51.45, 7.6],
  ['Sachsen', 51.05, 13.3],
  ['Thüringen', 50.9, 11.0],
  ['Hessen', 50.6, 9.0],
  ['Rheinland-Pfalz', 49.9, 7.4],
  ['Saarland', 49.38, 6.95],
  ['Bayern', 48.9, 11.5],
  ['Baden-Württemberg', 48.55, 9.0],
]
