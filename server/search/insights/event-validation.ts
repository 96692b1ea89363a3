// Insights events checked the way Algolia's Insights API checks them (specs/insights.yml):
// 1–1000 events, click/conversion/view, objectIDs (≤ 20) or filters (≤ 20), positions with a
// queryID for clicks after a search, user tokens of the allowed alphabet, timestamps ≤ 30 days old.
import { DomainError } from '../domain-error.ts'

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
const USER_TOKEN = /^[a-zA-Z0-9_=/+-]{1,129}$/
const EVENT_NAME = /^[\x20-\x7E]{1,64}$/
const QUERY_ID = /^([0-9a-f]{32}|message_[!-~]+)$/

const invalid = (message: string): DomainError => new DomainError('unprocessable', message)

function stringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '')
}

function checkEvent(raw: unknown, at: string): InsightsEvent {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid(`${at}: expected an object`)
  const event = raw as Record<string, unknown>
  const { eventType, eventSubtype, eventName, index, userToken, authenticatedUserToken, timestamp } = event
  const { queryID, objectIDs, positions, filters } = event
  if (eventType !== 'click' && eventType !== 'conversion' && eventType !== 'view') {
    throw invalid(`${at}: eventType must be one of click, conversion, view`)
  }
  if (typeof eventName !== 'string' || !EVENT_NAME.test(eventName)) {
    throw invalid(`${at}: eventName must be 1 to 64 printable ASCII characters`)
  }
  if (typeof index !== 'string' || index === '') throw invalid(`${at}: index is required`)
  if (typeof userToken !== 'string' || !USER_TOKEN.test(userToken)) {
    throw invalid(`${at}: userToken must be 1 to 129 characters of a-z, A-Z, 0-9, _, =, /, + or -`)
  }
  if (
    authenticatedUserToken !== undefined &&
    (typeof authenticatedUserToken !== 'string' || !USER_TOKEN.test(authenticatedUserToken))
  ) {
    throw invalid(
      `${at}: authenticatedUserToken must be 1 to 129 characters of a-z, A-Z, 0-9, _, =, /, + or -`,
    )
  }
  if (
    eventSubtype !== undefined &&
    (eventType !== 'conversion' || (eventSubtype !== 'addToCart' && eventSubtype !== 'purchase'))
  ) {
    throw invalid(`${at}: eventSubtype must be addToCart or purchase, on conversion events only`)
  }
  if (
    timestamp !== undefined &&
    (typeof timestamp !== 'number' || !Number.isInteger(timestamp) || timestamp < 0)
  ) {
    throw invalid(`${at}: timestamp must be an integer of milliseconds since the Unix epoch`)
  }
  if (queryID !== undefined && (typeof queryID !== 'string' || !QUERY_ID.test(queryID))) {
    throw invalid(`${at}: queryID must be 32 hexadecimal characters`)
  }
  if ((objectIDs === undefined) === (filters === undefined)) {
    throw invalid(`${at}: an event needs either objectIDs or filters`)
  }
  if (objectIDs !== undefined && (!stringArray(objectIDs) || objectIDs.length < 1 || objectIDs.length > 20)) {
    throw invalid(`${at}: objectIDs must be an array of 1 to 20 object IDs`)
  }
  if (filters !== undefined && (!stringArray(filters) || filters.length < 1 || filters.length > 20)) {
    throw invalid(`${at}: filters must be an array of 1 to 20 filters`)
  }
  if (filters !== undefined && !(filters as string[]).every(isFacetFilter)) {
    throw invalid(`${at}: filters must have the form attribute:value, URL-encoded`)
  }
  if (positions !== undefined) {
    if (queryID === undefined || objectIDs === undefined) {
      throw invalid(`${at}: positions are only allowed with a queryID and objectIDs`)
    }
    const valid =
      Array.isArray(positions) && positions.every((p) => Number.isInteger(p) && (p as number) >= 1)
    if (!valid || (positions as number[]).length !== (objectIDs as string[]).length) {
      throw invalid(`${at}: positions must be positive integers, as many as objectIDs`)
    }
  }
  if (eventType === 'click' && queryID !== undefined && objectIDs !== undefined && positions === undefined) {
    throw invalid(`${at}: a click after a search (with queryID) needs positions`)
  }
  return event as InsightsEvent
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

/** Checks the body of POST /1/events; throws a 422 naming the first problem. */
export function readEvents(body: unknown): InsightsEvent[] {
  const events = (body as { events?: unknown } | null | undefined)?.events
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_EVENTS) {
    throw invalid(`events must be an array of 1 to ${MAX_EVENTS} events`)
  }
  return events.flatMap((event, position) =>
    isInstantSearchTelemetry(event) ? [] : [checkEvent(event, `events[${position}]`)],
  )
}

/**
 * InstantSearch's insights middleware sends its own start-up telemetry (`eventType: "instantsearch"`,
 * `eventName: "__start__"`) to the Insights endpoint, which Algolia accepts. It is about the
 * widgets, not about a user's behaviour, so it is accepted and not stored.
 */
function isInstantSearchTelemetry(event: unknown): boolean {
  return (
    typeof event === 'object' &&
    event !== null &&
    (event as { eventType?: unknown }).eventType === 'instantsearch'
  )
}

/** Algolia drops events older than 30 days; checked apart so fixtures with old times still parse. */
export function checkTimestamps(events: InsightsEvent[], now = Date.now()): void {
  events.forEach((event, position) => {
    if (event.timestamp !== undefined && event.timestamp < now - MAX_AGE_MS) {
      throw invalid(`events[${position}]: timestamp is older than 30 days`)
    }
  })
}
