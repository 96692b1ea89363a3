// GET /content/assets/:fileName: the images of assets/, as the asset URLs in GraphQL answers point.
import { createHash } from 'node:crypto'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import type { ContentStore } from '../source/content-store.ts'

export const ASSETS_PATH = '/content/assets/'

const params = {
  type: 'object',
  properties: { fileName: { type: 'string' } },
  required: ['fileName'],
} as const

const contentAssetsRoute: FastifyPluginAsync<
  { store: ContentStore },
  RawServerDefault,
  JsonSchemaToTsProvider
> = async (app, options) => {
  app.get(`${ASSETS_PATH}:fileName`, { schema: { params } }, async (request, reply) => {
    const { fileName } = request.params
    const asset = [...options.store.snapshot.assets.values()].find(
      (candidate) => candidate.fileName === fileName,
    )
    if (!asset) return reply.code(404).send({ message: `Not found: ${ASSETS_PATH}${fileName}`, status: 404 })
    const etag = `"${createHash('sha256').update(asset.bytes).digest('base64url').slice(0, 27)}"`
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=300')
      // An SVG opened on its own must not run scripts in our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    return reply.type(asset.contentType).send(asset.bytes)
  })
}

export default contentAssetsRoute
