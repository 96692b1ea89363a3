/** The search map's overlays, by the names the layers control shows (and the stored choice keeps). */
export const OVERLAYS = {
  pageHits: 'Treffer dieser Seite',
  allHits: 'Alle Treffer (gebündelt)',
  states: 'Bundesländer',
  stepFree: 'Stufenfrei erreichbar',
  longDistance: 'Fernverkehrshalte',
} as const
