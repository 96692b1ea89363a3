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
