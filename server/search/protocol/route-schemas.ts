// JSON schemas shared by the /1/ routes. Request bodies are only checked for shape here: their
// parameters are checked by search-params.ts with Algolia's messages. Response schemas name the
// fields clients rely on and let records and engine extras through untouched.
import { errorSchema } from '../../../search-core/index.ts'

export const errors = { '4xx': errorSchema, '5xx': errorSchema } as const

export const anyObject = { type: 'object', additionalProperties: true } as const

/** A body that may be absent (the clients send none for calls without parameters). */
export const optionalObjectBody = { type: ['object', 'null'], additionalProperties: true } as const

export const indexParams = {
  type: 'object',
  properties: { indexName: { type: 'string', minLength: 1 } },
  required: ['indexName'],
} as const

export const objectParams = {
  type: 'object',
  properties: { indexName: { type: 'string', minLength: 1 }, objectID: { type: 'string' } },
  required: ['indexName', 'objectID'],
} as const

/** Query strings also carry the credentials (x-algolia-*) and the agent; let those through. */
export function queryString<const P extends Record<string, object>>(
  properties: P,
): { readonly type: 'object'; readonly properties: P; readonly additionalProperties: true } {
  return { type: 'object', properties, additionalProperties: true }
}

export const forwardToReplicasQuery = queryString({ forwardToReplicas: { type: 'boolean' } })

const taskID = { type: 'integer' } as const
const timestamp = { type: 'string' } as const

export const updatedAtResponse = {
  type: 'object',
  properties: { taskID, updatedAt: timestamp },
  required: ['taskID', 'updatedAt'],
} as const

export const deletedAtResponse = {
  type: 'object',
  properties: { taskID, deletedAt: timestamp },
  required: ['taskID', 'deletedAt'],
} as const

export const updatedAtWithObjectIdResponse = {
  type: 'object',
  properties: { taskID, updatedAt: timestamp, objectID: { type: 'string' } },
  required: ['taskID', 'updatedAt', 'objectID'],
} as const

export const createdAtWithObjectIdResponse = {
  type: 'object',
  properties: { taskID, createdAt: timestamp, objectID: { type: 'string' } },
  required: ['taskID', 'createdAt', 'objectID'],
} as const

const hit = {
  type: 'object',
  additionalProperties: true,
  properties: { objectID: { type: 'string' } },
} as const

export const searchResponse = {
  type: 'object',
  additionalProperties: true,
  properties: {
    hits: { type: 'array', items: hit },
    nbHits: { type: 'integer' },
    page: { type: 'integer' },
    nbPages: { type: 'integer' },
    hitsPerPage: { type: 'integer' },
    processingTimeMS: { type: 'integer' },
    query: { type: 'string' },
    params: { type: 'string' },
  },
} as const

export const facetSearchResponse = {
  type: 'object',
  additionalProperties: true,
  properties: {
    facetHits: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          value: { type: 'string' },
          highlighted: { type: 'string' },
          count: { type: 'integer' },
        },
      },
    },
    exhaustiveFacetsCount: { type: 'boolean' },
    processingTimeMS: { type: 'integer' },
  },
} as const

/**
 * Search answers are serialised by `JSON.stringify`, not compiled from their schema: records are
 * free-form (`additionalProperties`), so a compiled serialiser only adds a pass in JavaScript
 * around `JSON.stringify` of each value. Measured on the results page's multi-query answers
 * (14 KB): alone 30–45 µs each with `JSON.stringify`, 60 µs compiled, the same bytes; in a serving
 * process under load ~64 against ~77 µs per request. The schemas stay as the routes'
 * documentation and for their other status codes' shape.
 */
export function plainJsonSerializer({ httpStatus }: { httpStatus?: string }): (data: unknown) => string {
  if (httpStatus?.startsWith('2')) return (data) => JSON.stringify(data)
  // Errors keep exactly their schema's two fields, as the compiled serialiser wrote them.
  return (data) => {
    const { message, status } = data as { message?: unknown; status?: unknown }
    return JSON.stringify({ message: String(message), status: Number(status) })
  }
}

// Multi-index reads (`queries`, `recommendations` on the index `*`): `requests` in, one result each.
export const multiIndexSchema = {
  params: indexParams,
  body: optionalObjectBody,
  response: {
    200: {
      type: 'object',
      properties: { results: { type: 'array', items: anyObject } },
      required: ['results'],
    },
    ...errors,
  },
} as const
