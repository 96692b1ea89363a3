// GET /offline/1/indexes/{indexName}/snapshot: an index as a device needs it to answer searches
// itself (service/index-snapshot.ts), for the browser's offline search. Not part of Algolia's API,
// so it lives outside /1/ (where a path under an index would shadow an objectID). It reveals the
// whole index, so only a key that could search all of it unrestricted gets it: no forced
// parameters (filters, a secured key's restrictions), no hits cap, every index of the family
// allowed. The answer is made once per index generation and compressed once, off the event loop.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AlgoliaError, indexDoesNotExist, replicaNames } from '../../../search-core/index.ts'
import { matchesEtag, preferredEncoding } from '../../shared/http-caching.ts'
import { indexParams } from '../protocol/route-schemas.ts'
import type { IndexSnapshot, SearchService } from '../service/search-service.ts'
import { authorizeIndex, grantOf } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli quality 9: 2.9 MB of stations in ~0.4 s on one core of the threadpool, a few percent
 * larger than quality 11, which takes ~5 s; the answer is made once per change of the index.
 */
const BROTLI_QUALITY = 9

interface SnapshotAnswer {
  etag: string
  /** When the index last changed: the device shows it ("Offline – Daten vom …"). */
  lastModified: string
  plain: Buffer
  br: Buffer
  gzip: Buffer
}

/** Refuses a key that could not search the whole family without restrictions. */
function authorizeWholeIndex(request: FastifyRequest, names: readonly string[]): void {
  const grant = grantOf(request)
  for (const name of names) authorizeIndex(request, name)
  const forced = grant.forcedParams !== undefined && Object.keys(grant.forcedParams).length > 0
  if (forced || grant.maxHitsPerQuery > 0) {
    throw new AlgoliaError(
      403,
      'This API key has restrictions (forced parameters or a hits cap): the whole index is not for it',
    )
  }
}

const snapshotRouteOptions = { config: { acl: 'search' }, schema: { params: indexParams } } as const

const snapshotRoute: RoutePlugin<{ service: SearchService }> = async (app, { service }) => {
  const answers = snapshotAnswers(service)

  app.get('/indexes/:indexName/snapshot', snapshotRouteOptions, async function getSnapshot(request, reply) {
    const { indexName } = request.params
    const index = service.getIndex(indexName)
    // A replica has no snapshot of its own: its primary's carries it.
    if (!index || index.settings.primary !== undefined) throw indexDoesNotExist()
    authorizeWholeIndex(request, [indexName, ...replicaNames(index.settings.replicas)])
    return sendSnapshot(request, reply, await answers(indexName))
  })
}

/** One answer per index, valid while the service's generation stays what it was made at. */
function snapshotAnswers(service: SearchService): (indexName: string) => Promise<SnapshotAnswer> {
  const made = new Map<string, { generation: number; answer: Promise<SnapshotAnswer> }>()
  return (indexName) => {
    const generation = service.generation
    const cached = made.get(indexName)
    if (cached && cached.generation === generation) return cached.answer
    // Made synchronously (the engines cannot change in between), compressed in the threadpool.
    const answer = compressed(service.snapshot(indexName))
    made.set(indexName, { generation, answer })
    answer.catch(() => made.delete(indexName))
    return answer
  }
}

async function compressed(snapshot: IndexSnapshot): Promise<SnapshotAnswer> {
  const plain = Buffer.from(JSON.stringify(snapshot))
  const [br, gzip] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipAsync(plain, { level: 9 }),
  ])
  return {
    etag: `"${snapshot.version}"`,
    lastModified: new Date(snapshot.updatedAt).toUTCString(),
    plain,
    br,
    gzip,
  }
}

/** Revalidated on every use: a device asks with If-None-Match and mostly hears 304. */
function sendSnapshot(request: FastifyRequest, reply: FastifyReply, answer: SnapshotAnswer): FastifyReply {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', answer.etag)
    .header('last-modified', answer.lastModified)
    .header('vary', 'accept-encoding')
    // A page on another origin than the service reads both.
    .header('access-control-expose-headers', 'etag, last-modified')
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  reply.type('application/json; charset=utf-8')
  if (encoding === 'brotli') return reply.header('content-encoding', 'br').send(answer.br)
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(answer.gzip)
  return reply.send(answer.plain)
}

export default snapshotRoute
