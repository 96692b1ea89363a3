// The routes that synonyms and rules share under /1/indexes/{index}/{collection}/: save one (PUT
// {objectID}), save many (batch: optionally replacing all, and forwarding to replicas), get and
// delete one ({objectID}), clear, and search. Each collection brings its reader, its service
// writes, its search, and the two answers in which Algolia treats them differently.
import type { FastifyInstance } from 'fastify'
import { AlgoliaError } from '../../../search-core/index.ts'
import {
  anyObject,
  deletedAtResponse,
  errors,
  indexParams,
  optionalObjectBody,
  queryString,
  updatedAtResponse,
} from '../protocol/route-schemas.ts'

interface Write {
  taskID: number
  at: string
}

export interface Collection<T extends { objectID: string }> {
  /** The path segment: `synonyms` or `rules`. */
  collection: string
  /** The schema of the `{indexName}` and `{objectID}` path parameters. */
  itemParams: object
  /** The query flag that replaces the whole collection (`replaceExistingSynonyms`, `clearExistingRules`). */
  replaceFlag: string
  /** Checks one item (a 400 on bad input); a single save passes the path's objectID. */
  read: (raw: unknown, objectID?: string) => T
  /** The index's items; throws the 404 for an unknown index. */
  itemsOf: (indexName: string) => readonly T[]
  /** The 404 message for an objectID the index does not have. */
  missing: string
  save: (indexName: string, items: T[], replace: boolean, forwardToReplicas: boolean) => Write
  remove: (indexName: string, objectID: string, forwardToReplicas: boolean) => Write
  /** Synonyms answer a single save with their `id` and a deletion with `deletedAt`; rules with `updatedAt`. */
  answers: 'with id and deletedAt' | 'updatedAt'
  /** `POST …/search`: the answer's schema, and the search (it checks the body before the index). */
  search: { response: object; run: (indexName: string, body: Record<string, unknown>) => unknown }
}

type Path = { indexName: string; objectID: string }
type WriteQuery = Record<string, unknown> & { forwardToReplicas?: boolean }

const savedWithIdResponse = {
  type: 'object',
  properties: { taskID: { type: 'integer' }, updatedAt: { type: 'string' }, id: { type: 'string' } },
} as const

export function collectionRoutes<T extends { objectID: string }>(
  app: FastifyInstance,
  items: Collection<T>,
): void {
  const base = `/indexes/:indexName/${items.collection}`
  const routes = routeOptions(items)
  const withId = items.answers === 'with id and deletedAt'
  const find = (path: Path): T => {
    const item = items.itemsOf(path.indexName).find((candidate) => candidate.objectID === path.objectID)
    if (!item) throw new AlgoliaError(404, items.missing)
    return item
  }

  app.post(`${base}/batch`, routes.saveMany, async function saveMany(request) {
    const query = request.query as WriteQuery
    const saved = (request.body as unknown[]).map((raw) => items.read(raw))
    const replace = query[items.replaceFlag] === true
    const { taskID, at } = items.save((request.params as Path).indexName, saved, replace, forwarding(query))
    return { taskID, updatedAt: at }
  })

  app.post(`${base}/clear`, routes.clear, async function clear(request) {
    const { indexName } = request.params as Path
    items.itemsOf(indexName)
    const { taskID, at } = items.save(indexName, [], true, forwarding(request.query))
    return { taskID, updatedAt: at }
  })

  app.put(`${base}/:objectID`, routes.saveOne, async function saveOne(request) {
    const { indexName, objectID } = request.params as Path
    const item = items.read(request.body, objectID)
    const { taskID, at } = items.save(indexName, [item], false, forwarding(request.query))
    return withId ? { taskID, updatedAt: at, id: objectID } : { taskID, updatedAt: at }
  })

  app.get(`${base}/:objectID`, routes.getOne, async function getOne(request) {
    return find(request.params as Path)
  })

  app.delete(`${base}/:objectID`, routes.deleteOne, async function deleteOne(request) {
    const path = request.params as Path
    find(path)
    const { taskID, at } = items.remove(path.indexName, path.objectID, forwarding(request.query))
    return withId ? { taskID, deletedAt: at } : { taskID, updatedAt: at }
  })

  app.post(`${base}/search`, routes.search, async function search(request) {
    return items.search.run(
      (request.params as Path).indexName,
      (request.body ?? {}) as Record<string, unknown>,
    )
  })
}

const forwarding = (query: unknown): boolean => (query as WriteQuery).forwardToReplicas === true

/** Each route's ACL and schemas. */
function routeOptions<T extends { objectID: string }>(items: Collection<T>) {
  const querystring = queryString({
    forwardToReplicas: { type: 'boolean' },
    [items.replaceFlag]: { type: 'boolean' },
  })
  const write = { params: indexParams, querystring, response: { 200: updatedAtResponse, ...errors } }
  const withId = items.answers === 'with id and deletedAt'
  return {
    saveMany: { config: { acl: 'editSettings' }, schema: { ...write, body: { type: 'array' } } },
    clear: { config: { acl: 'editSettings' }, schema: { ...write, body: optionalObjectBody } },
    saveOne: {
      config: { acl: 'editSettings' },
      schema: {
        params: items.itemParams,
        querystring,
        body: anyObject,
        response: { 200: withId ? savedWithIdResponse : updatedAtResponse, ...errors },
      },
    },
    getOne: {
      config: { acl: 'settings' },
      schema: { params: items.itemParams, response: { 200: anyObject, ...errors } },
    },
    deleteOne: {
      config: { acl: 'editSettings' },
      schema: {
        params: items.itemParams,
        querystring,
        // Algolia's spec answers a rule deletion with updatedAt, a synonym deletion with deletedAt.
        response: { 200: withId ? deletedAtResponse : updatedAtResponse, ...errors },
      },
    },
    search: {
      config: { acl: 'settings' },
      schema: {
        params: indexParams,
        body: optionalObjectBody,
        response: { 200: items.search.response, ...errors },
      },
    },
  } as const
}
