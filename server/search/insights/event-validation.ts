// Insights events checked the way Algolia's Insights API checks them (specs/insights.yml): 1–1000
// events; click, conversion or view; objectIDs or filters (≤ 20); positions with a queryID for
// clicks after a search; user tokens of the allowed alphabet; timestamps ≤ 30 days old;
// eventSubtype, objectData, value and currency on conversions. A batch with one invalid event is
// refused whole, with the message Algolia answers (the spec's examples give them).
import { checkConversionFields, invalid, typeError } from './event-fields.ts'

export interface InsightsEvent {
  eventType: 'click' | 'conversion' | 'view'
  eventSubtype?: 'addToCart' | 'purchase'
  eventName: string
  index: string
  userToken: string
  authenticatedUserToken?: string
  timestamp?: number
  queryID?: string
  objectIDs?: string[]
  positions?: number[]
  filters?: string[]
  [other: string]: unknown
}

const MAX_EVENTS = 1000
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** A visitor's clock may run ahead a little (a missed time change); an hour is not a typo. */
const MAX_AHEAD_MS = 60 * 60 * 1000
const MAX_ITEMS = 20
const USER_TOKEN = /^[a-zA-Z0-9_=/+-]{1,129}$/
const EVENT_NAME = /^[\x20-\x7E]{1,64}$/
const QUERY_ID = /^([0-9a-f]{32}|message_[!-~]+)$/

/** Algolia's messages, word for word where its spec gives them. */
export const INSIGHTS_MESSAGES = {
  notABatch: 'Invalid type for field : expected insights.PublicEventsBatch, got array',
  noEvents: 'No events to process',
  tooManyEvents: `Cannot process more than ${MAX_EVENTS} events in a batch`,
  invalidPayload: 'Invalid payload',
  eventTypeRequired: 'EventType is required',
  eventTypeInvalid: 'EventType must be one of "click", "conversion", "view" or "instantsearch"',
  eventNameRequired: 'EventName is required',
  eventNameInvalid:
    'EventName must contain only visible ASCII characters, and be between 1 and 64 characters long',
  indexRequired: 'The index field is required',
  userTokenRequired: 'The userToken field is required',
  userTokenInvalid:
    'UserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long',
  authenticatedUserTokenInvalid:
    'AuthenticatedUserToken must contain only alphanumeric, equal, plus, slash, hyphen, or underscore characters, and be between 1 and 128 characters long',
  noObjectIDsOrFilters: 'Event should specify either some ObjectIDs or some Filters',
  bothObjectIDsAndFilters: 'Event should specify ObjectIDs or Filters, but not both',
  tooManyObjectIDs: `Event should not specify more than ${MAX_ITEMS} ObjectIDs`,
  tooManyFilters: `Event should not specify more than ${MAX_ITEMS} Filters`,
  filterInvalid: 'Filters must be URL-encoded facet filters of the form attribute:value',
  positionsOnWrongEventType: 'Only event of type click should specify the positions attribute',
  positionsWithoutQueryID: 'Event of type click with positions should specify a queryID',
  positionsNotPositive: 'Event of type click may only have strictly positive positions',
  positionsCount: 'Event of type click should have the same number of ObjectIDs and Positions',
  queryIDInvalid: 'Query ID must be a search query ID (32 characters hexadecimal string)',
  timestampTooOld: 'The timestamp is too far in the past',
  timestampInFuture: 'The timestamp is too far in the future',
  bodyTooLarge: 'Request Entity Too Large',
} as const

function checkStrings(value: unknown): void {
  if (!Array.isArray(value)) throw typeError('array', value)
  for (const item of value) if (typeof item !== 'string') throw typeError('string', item)
}

function optionalString(value: unknown): void {
  if (value !== undefined && typeof value !== 'string') throw typeError('string', value)
}

function checkEvent(raw: Record<string, unknown>): InsightsEvent {
  const { eventType, eventName, index, userToken, authenticatedUserToken, timestamp } = raw
  const { queryID, objectIDs, positions, filters } = raw
  const m = INSIGHTS_MESSAGES
  if (eventType === undefined || eventType === '') throw invalid(m.eventTypeRequired)
  optionalString(eventType)
  if (eventType !== 'click' && eventType !== 'conversion' && eventType !== 'view') {
    throw invalid(m.eventTypeInvalid)
  }
  optionalString(eventName)
  if (eventName === undefined || eventName === '') throw invalid(m.eventNameRequired)
  if (!EVENT_NAME.test(eventName as string)) throw invalid(m.eventNameInvalid)
  optionalString(index)
  if (index === undefined || index === '') throw invalid(m.indexRequired)
  optionalString(userToken)
  if (userToken === undefined || userToken === '') throw invalid(m.userTokenRequired)
  if (!USER_TOKEN.test(userToken as string)) throw invalid(m.userTokenInvalid)
  optionalString(authenticatedUserToken)
  if (authenticatedUserToken !== undefined && !USER_TOKEN.test(authenticatedUserToken as string)) {
    throw invalid(m.authenticatedUserTokenInvalid)
  }
  // An int64 of milliseconds that a number holds exactly (1e300 passes Number.isInteger).
  if (timestamp !== undefined && (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp))) {
    throw typeError('int64', timestamp)
  }
  optionalString(queryID)
  if (queryID !== undefined && !QUERY_ID.test(queryID as string)) throw invalid(m.queryIDInvalid)
  if (objectIDs !== undefined) checkStrings(objectIDs)
  if (filters !== undefined) checkStrings(filters)
  const ids = (objectIDs as string[] | undefined) ?? []
  const facetFilters = (filters as string[] | undefined) ?? []
  if (ids.length === 0 && facetFilters.length === 0) throw invalid(m.noObjectIDsOrFilters)
  if (ids.length > 0 && facetFilters.length > 0) throw invalid(m.bothObjectIDsAndFilters)
  if (ids.length > MAX_ITEMS) throw invalid(m.tooManyObjectIDs)
  if (facetFilters.length > MAX_ITEMS) throw invalid(m.tooManyFilters)
  if (!facetFilters.every(isFacetFilter)) throw invalid(m.filterInvalid)
  if (positions !== undefined) {
    if (!Array.isArray(positions)) throw typeError('array', positions)
    for (const p of positions) if (!Number.isInteger(p)) throw typeError('int', p)
    if (eventType !== 'click') throw invalid(m.positionsOnWrongEventType)
    if (queryID === undefined) throw invalid(m.positionsWithoutQueryID)
    if (positions.some((p) => typeof p === 'number' && p < 1)) throw invalid(m.positionsNotPositive)
  }
  // A click after a search (queryID and objectIDs) must say where each clicked hit was.
  if (eventType === 'click' && queryID !== undefined && (positions !== undefined || ids.length > 0)) {
    if (((positions as unknown[] | undefined) ?? []).length !== ids.length) throw invalid(m.positionsCount)
  }
  checkConversionFields(raw, ids.length)
  return raw as InsightsEvent
}

/**
 * A `facet:value` pair with URL-encoded parts. InstantSearch's insights middleware encodes the
 * whole pair (`federalState%3ABayern`), the spec's example only the value (`discount:10%25`):
 * Algolia takes both, so the pair is decoded before its colon is looked for.
 */
function isFacetFilter(filter: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(filter)
  } catch {
    return false
  }
  const colon = decoded.indexOf(':')
  return colon > 0 && colon < decoded.length - 1
}

/** Checks the body of POST /1/events; throws a 422 with Algolia's message for the first problem. */
export function readEvents(body: unknown): InsightsEvent[] {
  if (Array.isArray(body)) throw invalid(INSIGHTS_MESSAGES.notABatch)
  const events = (body as { events?: unknown } | null | undefined)?.events
  if (!Array.isArray(events) || events.length === 0) throw invalid(INSIGHTS_MESSAGES.noEvents)
  if (events.length > MAX_EVENTS) throw invalid(INSIGHTS_MESSAGES.tooManyEvents)
  return events.flatMap((event) => {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      throw invalid(INSIGHTS_MESSAGES.invalidPayload)
    }
    const fields = event as Record<string, unknown>
    return isInstantSearchTelemetry(fields) ? [] : [checkEvent(fields)]
  })
}

/**
 * Events sent with a key that forces a user token (a secured key's userToken) are recorded for
 * that user, whatever tokens they name: the authenticated one too, which the recommendation
 * models read first.
 */
export function forKeyUser(events: InsightsEvent[], userToken: string | undefined): InsightsEvent[] {
  if (userToken === undefined) return events
  return events.map(({ authenticatedUserToken: _named, ...event }) => ({ ...event, userToken }))
}

/**
 * InstantSearch's insights middleware sends its own start-up telemetry (`eventType: "instantsearch"`,
 * `eventName: "__start__"`) to the Insights endpoint, which Algolia accepts. It is about the
 * widgets, not about a user's behaviour, so it is accepted and not stored.
 */
function isInstantSearchTelemetry(event: Record<string, unknown>): boolean {
  return event.eventType === 'instantsearch'
}

/**
 * Algolia drops events older than 30 days and refuses those from the future (a 422, said by its
 * Insights client's maintainers). An event dated ahead would count in reports of days yet to come:
 * more than an hour ahead of this server's clock is refused. Checked apart so fixtures with old
 * times still parse.
 */
export function checkTimestamps(events: InsightsEvent[], now = Date.now()): void {
  for (const event of events) {
    if (event.timestamp === undefined) continue
    if (event.timestamp < now - MAX_AGE_MS) throw invalid(INSIGHTS_MESSAGES.timestampTooOld)
    if (event.timestamp > now + MAX_AHEAD_MS) throw invalid(INSIGHTS_MESSAGES.timestampInFuture)
  }
}
