/**
 * The history state of a link back to the search ("Zurück zur Suche"): the list then returns to
 * where the traveller left it, as it does on the browser's back button (web/search/list-position.tsx).
 */
export const RETURN_TO_LIST = 'zurueckZurListe'

export const returnToListState = { [RETURN_TO_LIST]: true }
