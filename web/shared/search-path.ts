export const SEARCH_PATH = '/suche'
