// What a server-rendered page hands to the browser besides its HTML: the run-time config (so the
// browser needs no /config.json request), the data the server fetched while rendering, and when it
// rendered. It travels as a JSON data block, which a strict Content-Security-Policy allows (it is
// never executed).

/** The id of the `<script type="application/json">` element that carries the data. */
export const SERVER_DATA_ELEMENT_ID = 'server-data'

export interface ServerData {
  /** /config.json as the server would answer it for this page's origin. */
  config: unknown
  /** Epoch milliseconds. */
  renderedAt: number
  /** `usePreloaded` answers by key. */
  preloaded: Record<string, unknown>
  /** urql's SSR cache (ssrExchange's extractData()). */
  content: Record<string, unknown>
  /** InstantSearch's server state on /suche. */
  search: unknown
}

/**
 * JSON safe inside a `<script>` element: `<` is escaped so no value can close the element, and the
 * line separators JavaScript once disallowed in strings are escaped too.
 */
export function serializeServerData(data: ServerData): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** The data block of a server-rendered page, or undefined for a page the browser renders itself. */
export function readServerData(document: Document): ServerData | undefined {
  const element = document.getElementById(SERVER_DATA_ELEMENT_ID)
  if (!element?.textContent) return undefined
  try {
    const data = JSON.parse(element.textContent) as ServerData
    return typeof data === 'object' && data !== null && typeof data.renderedAt === 'number' ? data : undefined
  } catch {
    return undefined
  }
}
