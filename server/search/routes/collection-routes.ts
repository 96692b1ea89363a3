// The batch and clear routes that synonyms and rules share: `POST …/{collection}/batch` saves many
// (optionally replacing all, and forwarding to replicas), `POST …/{collection}/clear` empties the
// collection of an existing index. Each collection brings its reader and its service write.
import type { FastifyInstance } from 'fastify'
import {
  errors,
  indexParams,
  optionalObjectBody,
  queryString,
  updatedAtResponse,
} from '../protocol/route-schemas.ts'

interface CollectionWrites<T> {
  /** The path segment: `synonyms` or `rules`. */
  collection: string
  /** The query flag that replaces the whole collection (`replaceExistingSynonyms`, `clearExistingRules`). */
  replaceFlag: string
  /** Checks one item of a batch (a 400 on bad input). */
  read: (raw: unknown) => T
  /** Throws the 404 for an unknown index. */
  requireIndex: (indexName: string) => void
  save: (
    indexName: string,
    items: T[],
    replace: boolean,
    forwardToReplicas: boolean,
  ) => { taskID: number; at: string }
}

type WriteQuery = Record<string, unknown> & { forwardToReplicas?: boolean }

export function collectionWriteRoutes<T>(app: FastifyInstance, writes: CollectionWrites<T>): void {
  const querystring = queryString({
    forwardToReplicas: { type: 'boolean' },
    [writes.replaceFlag]: { type: 'boolean' },
  })
  const schema = { params: indexParams, querystring, response: { 200: updatedAtResponse, ...errors } }

  app.post(
    `/indexes/:indexName/${writes.collection}/batch`,
    { config: { acl: 'editSettings' }, schema: { ...schema, body: { type: 'array' } } },
    async (request) => {
      const { indexName } = request.params as { indexName: string }
      const query = request.query as WriteQuery
      const items = (request.body as unknown[]).map((raw) => writes.read(raw))
      const replace = query[writes.replaceFlag] === true
      const { taskID, at } = writes.save(indexName, items, replace, query.forwardToReplicas === true)
      return { taskID, updatedAt: at }
    },
  )

  app.post(
    `/indexes/:indexName/${writes.collection}/clear`,
    { config: { acl: 'editSettings' }, schema: { ...schema, body: optionalObjectBody } },
    async (request) => {
      const { indexName } = request.params as { indexName: string }
      writes.requireIndex(indexName)
      const forward = (request.query as WriteQuery).forwardToReplicas === true
      const { taskID, at } = writes.save(indexName, [], true, forward)
      return { taskID, updatedAt: at }
    },
  )
}
