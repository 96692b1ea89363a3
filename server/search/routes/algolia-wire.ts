// The part of Algolia's HTTP conventions that needs no key (algolia-http.ts adds the key's checks).
import cors from '@fastify/cors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  badRequest,
  MAX_BODY_DEPTH,
  MAX_RESPONSE_BYTES,
  notFound,
  toAlgoliaError,
} from '../../../search-core/index.ts'
import { measureJson } from '../../shared/json-measure.ts'

/**
 * Algolia's wire conventions without the key: CORS for any origin, JSON in any content type, the
 * limit on an answer's size, and errors as `{ "message", "status" }`. algolia-http.ts adds the key;
 * `npm run bench:http` puts these around captured answers (bench/stack-floor.ts).
 */
export async function algoliaWire(app: FastifyInstance, bodyLimit: number): Promise<void> {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    maxAge: 86400,
  })

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return done(badRequest('Invalid JSON'), undefined)
    }
    // Checked before any code walks it: nothing deeper can reach a recursive reader.
    if (measureJson(parsed, MAX_BODY_DEPTH).depth > MAX_BODY_DEPTH) {
      return done(
        badRequest(
          `JSON body is nested too deeply: more than ${MAX_BODY_DEPTH} levels of objects and arrays`,
        ),
        undefined,
      )
    }
    done(null, parsed)
  })

  // The last guard on the size of an answer (the hits budget bounds the work before it starts):
  // nothing larger leaves, whatever records an index holds.
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length <= MAX_RESPONSE_BYTES / 4) return payload
    const bytes = Buffer.byteLength(payload)
    if (bytes <= MAX_RESPONSE_BYTES || reply.statusCode >= 400) return payload
    const status = 400
    const megabytes = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`
    const message = `The answer would be ${megabytes(bytes)}, over the limit of ${megabytes(MAX_RESPONSE_BYTES)}: ask for fewer hits (hitsPerPage, length) or fewer attributes (attributesToRetrieve)`
    request.log.debug({ bytes }, 'answer over the size limit refused')
    reply.code(status)
    return JSON.stringify({ message, status })
  })

  app.setNotFoundHandler((request, reply) => {
    const { status, message } = notFound(request)
    reply.code(status).send({ message, status })
  })

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A route may take less than the plugin's limit (searches: SEARCH_BODY_LIMIT_BYTES).
    const { status, message } = errorReply(error, request.routeOptions.bodyLimit ?? bodyLimit)
    if (status >= 500) request.log.error(error)
    reply.code(status).send({ message, status })
  })
}

function errorReply(error: FastifyError, bodyLimit: number): { status: number; message: string } {
  const known = toAlgoliaError(error)
  if (known) return { status: known.status, message: known.message }
  if (error.validation) return { status: 400, message: `Invalid request: ${error.message}` }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const megabytes = bodyLimit / 1024 / 1024
    return { status: 400, message: `Request body exceeds the limit of ${megabytes} MB` }
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return { status, message: error.message }
  return { status: 500, message: 'Internal server error' }
}
