// Which Contentful code each kind of failure gets, decided by the phase that refused the request
// (parse, validation, operation, variables, execution), through yoga's envelop without HTTP.
import { createRequire } from 'node:module'
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql'
import { describe, expect, it } from 'vitest'
import type { ContentContext } from './content-context.ts'
import { contentfulError, errorCode } from './contentful-error.ts'
import { createQueryExecutor, type QueryAnswer } from './execute-query.ts'

const context: ContentContext = {
  snapshot: { entries: new Map(), assets: new Map(), version: 'test' },
  assetBaseUrl: 'http://localhost/content/assets/',
}

/** A schema whose resolvers fail on purpose, next to the real one. */
const failing = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      fine: { type: GraphQLString, resolve: () => 'fine' },
      refused: {
        type: GraphQLString,
        resolve: () => {
          throw contentfulError('UNKNOWN_LOCALE', 'no such locale')
        },
      },
      broken: {
        type: GraphQLString,
        resolve: () => {
          throw new TypeError('secret internal detail')
        },
      },
    },
  }),
})

const run = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  createQueryExecutor()({ query, variables, operationName }, context)
const codes = (answer: QueryAnswer) => answer.errors.map(errorCode)

describe('the code of a refused request comes from the phase that refused it', () => {
  it('parse: INVALID_QUERY_FORMAT, not executed', async () => {
    const answer = await run('{ pageCollection { total }')
    expect(codes(answer)).toEqual(['INVALID_QUERY_FORMAT'])
    expect(answer.data).toBeUndefined()
  })

  it('validation: GRAPHQL_VALIDATION_FAILED, but the depth and cost limits keep TOO_COMPLEX_QUERY', async () => {
    expect(codes(await run('{ pageCollection { nope } }'))).toEqual(['GRAPHQL_VALIDATION_FAILED'])
    const tooDeep = `{ pageCollection { items { body { links { entries { block { ... on Page { body { links {
      entries { block { ... on Page { body { links { entries { block { sys { id } } } } } } } } } } } } } } } } } }`
    const answer = await run(tooDeep)
    expect(codes(answer)).toContain('TOO_COMPLEX_QUERY')
    expect(answer.errors[0]?.message).toMatch(/^Query cannot be executed\. Query depth limit of 12/)
  })

  it('operation: an operation name that picks no operation is QUERY_OPERATION_NAME_MISMATCH', async () => {
    expect(codes(await run('query A { __typename }', undefined, 'B'))).toEqual([
      'QUERY_OPERATION_NAME_MISMATCH',
    ])
    expect(codes(await run('query A { __typename } query B { __typename }'))).toEqual([
      'QUERY_OPERATION_NAME_MISMATCH',
    ])
    const chosen = await run('query A { x: __typename } query B { y: __typename }', undefined, 'B')
    expect(chosen).toEqual({ data: { y: 'Query' }, errors: [], unexpected: [] })
  })

  it('variables: INVALID_VARIABLES_FORMAT, also when a scalar refuses the value', async () => {
    const query = 'query ($now: DateTime!) { noticeCollection(where: { validFrom_lte: $now }) { total } }'
    expect(codes(await run(query, { now: 'gestern' }))).toEqual(['INVALID_VARIABLES_FORMAT'])
    expect(codes(await run(query, {}))).toEqual(['INVALID_VARIABLES_FORMAT'])
    expect((await run(query, { now: '2026-11-27T18:00:00+01:00' })).data).toEqual({
      noticeCollection: { total: 0 },
    })
  })
})

describe('yoga in process', () => {
  it('shares one graphql with the schema (vitest.config.ts: else yoga refuses it as "from another realm")', () => {
    const graphqlOfYoga = createRequire(createRequire(import.meta.url).resolve('graphql-yoga'))('graphql')
    expect(graphqlOfYoga.GraphQLSchema).toBe(GraphQLSchema)
  })

  it('answers a repeated request alike, with no extension but contentful (yoga caches and marks its errors)', async () => {
    const execute = createQueryExecutor()
    for (const query of ['{ pageCollection { total }', '{ pageCollection { nope } }', '{ nope }']) {
      const first = await execute({ query, variables: undefined, operationName: undefined }, context)
      const again = await execute({ query, variables: undefined, operationName: undefined }, context)
      expect(again.errors.map((error) => error.toJSON())).toEqual(first.errors.map((error) => error.toJSON()))
      for (const error of again.errors) expect(Object.keys(error.extensions)).toEqual(['contentful'])
    }
  })
})

describe('errors while executing', () => {
  const execute = createQueryExecutor(failing)

  it('keep the Contentful code a resolver threw, next to the data that did resolve', async () => {
    const answer = await execute(
      { query: '{ fine refused }', variables: undefined, operationName: undefined },
      context,
    )
    expect(answer.data).toEqual({ fine: 'fine', refused: null })
    expect(codes(answer)).toEqual(['UNKNOWN_LOCALE'])
    expect(answer.errors[0]?.path).toEqual(['refused'])
  })

  it('mask what a resolver did not foresee as "Unexpected error." and hand the original over for the log', async () => {
    const answer = await execute(
      { query: '{ broken }', variables: undefined, operationName: undefined },
      context,
    )
    expect(codes(answer)).toEqual(['INTERNAL_SERVER_ERROR'])
    expect(answer.errors[0]?.message).toBe('Unexpected error.')
    expect(JSON.stringify(answer.errors)).not.toContain('secret')
    expect(answer.unexpected.map((error) => error.message)).toEqual(['secret internal detail'])
  })

  it('answer an operation type the schema has not as GRAPHQL_VALIDATION_FAILED', async () => {
    const answer = await run('mutation { x }')
    expect(codes(answer)).toEqual(['GRAPHQL_VALIDATION_FAILED'])
    expect(answer.data).toBeNull()
  })
})
