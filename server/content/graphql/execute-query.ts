// One GraphQL request against the content schema, executed in process by graphql-yoga's envelop
// (`yoga.getEnveloped`), phase by phase: parse, validate (graphql-armor's depth and cost limits are
// yoga plugins), pick the operation, coerce the variables, execute (yoga masks what a resolver did
// not foresee). Which phase refused a request decides its Contentful code, so no error is
// classified by its message. No HTTP here: yoga's fetch handler is not used; the route reads the
// request and writes the answer.
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import {
  type DocumentNode,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  type ValidationContext,
} from 'graphql'
import { createYoga } from 'graphql-yoga'
import type { ContentContext } from './content-context.ts'
import { buildContentSchema } from './content-schema.ts'
import { type ContentfulErrorCode, contentfulError, errorCode } from './contentful-error.ts'

/** Deep enough for rich text with links and fragments: collection › items › body › links › entries › block › … on X › sys › id. */
const MAX_DEPTH = 12
/** graphql-armor's cost (objects 2, scalars 1, ×1.5 per level): a page with its rich text and every
 * link costs about 760, so four such pages fit in one query. */
const MAX_COST = 3000

interface QueryRequest {
  query: string
  variables: Record<string, unknown> | undefined
  operationName: string | undefined
}

export interface QueryAnswer {
  /** Absent when the request was refused before it was executed. */
  data?: Record<string, unknown> | null
  /** Each with its Contentful code in `extensions.contentful`, and no other extensions. */
  errors: readonly GraphQLError[]
  /** What a resolver threw unforeseen; answered masked as "Unexpected error.", for the log. */
  unexpected: readonly Error[]
}

export type QueryExecutor = (request: QueryRequest, context: ContentContext) => Promise<QueryAnswer>

/** The error as we answer it: its own Contentful code if it has one (thrown by a resolver or a
 * limit), else `code`. A new error, so yoga's transport hints (`extensions.code`, `extensions.http`)
 * stay out of the answer and the errors yoga caches per query are never changed. */
function coded(error: GraphQLError, code: ContentfulErrorCode): GraphQLError {
  const contentful = errorCode(error) ? error.extensions.contentful : { code }
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { contentful },
  })
}

function refused(errors: readonly GraphQLError[], code: ContentfulErrorCode): QueryAnswer {
  return { errors: errors.map((error) => coded(error, code)), unexpected: [] }
}

/** graphql-armor's rejection, as Contentful words it (armor says "Syntax Error: …" for a limit). */
function rejectAsTooComplex(context: ValidationContext | null, error: GraphQLError): void {
  const message = error.message.replace(/^Syntax Error: /, '')
  context?.reportError(contentfulError('TOO_COMPLEX_QUERY', `Query cannot be executed. ${message}`))
}

/** A GraphQL error raised as one (by us, a limit or the executor), not one wrapping whatever else a
 * resolver threw. The same test yoga's own masking makes. */
function raisedAsGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && (!error.originalError || raisedAsGraphQLError(error.originalError))
}

export function createQueryExecutor(schema: GraphQLSchema = buildContentSchema()): QueryExecutor {
  /** Each error yoga masked, with what the resolver really threw: read back for the log. */
  const thrownBehind = new WeakMap<GraphQLError, Error>()
  const limits = { propagateOnRejection: false, onReject: [rejectAsTooComplex] }
  const yoga = createYoga<ContentContext>({
    schema,
    // Only the envelop is used: no endpoint, landing page, GraphiQL, CORS, batching or uploads, and
    // no logger of its own (the route logs what `unexpected` hands it).
    graphiql: false,
    landingPage: false,
    cors: false,
    batching: false,
    multipart: false,
    logging: false,
    maskedErrors: {
      maskError(error, message) {
        if (raisedAsGraphQLError(error)) return error
        const masked = new GraphQLError(message, {
          nodes: error instanceof GraphQLError ? error.nodes : undefined,
          path: error instanceof GraphQLError ? error.path : undefined,
          extensions: { contentful: { code: 'INTERNAL_SERVER_ERROR' } },
        })
        const thrown = error instanceof GraphQLError ? (error.originalError ?? error) : error
        thrownBehind.set(masked, thrown instanceof Error ? thrown : new Error(String(thrown)))
        return masked
      },
    },
    plugins: [maxDepthPlugin({ n: MAX_DEPTH, ...limits }), costLimitPlugin({ maxCost: MAX_COST, ...limits })],
  })

  return async (request, context) => {
    const enveloped = yoga.getEnveloped(context)
    let document: DocumentNode
    try {
      document = enveloped.parse(request.query)
    } catch (error) {
      if (error instanceof GraphQLError) return refused([error], 'INVALID_QUERY_FORMAT')
      throw error
    }
    const invalid = enveloped.validate(enveloped.schema, document)
    if (invalid.length > 0) return refused(invalid, 'GRAPHQL_VALIDATION_FAILED')

    const operation = getOperationAST(document, request.operationName)
    if (!operation) {
      const message = request.operationName
        ? `Unknown operation named "${request.operationName}".`
        : 'Must provide operation name if query contains multiple operations.'
      return refused([new GraphQLError(message)], 'QUERY_OPERATION_NAME_MISMATCH')
    }
    const variables = getVariableValues(
      enveloped.schema,
      operation.variableDefinitions ?? [],
      request.variables ?? {},
    )
    if (variables.errors) return refused(variables.errors, 'INVALID_VARIABLES_FORMAT')

    const result: ExecutionResult = await enveloped.execute({
      schema: enveloped.schema,
      document,
      operationName: request.operationName,
      variableValues: request.variables,
      contextValue: await enveloped.contextFactory(),
    })
    const unexpected: Error[] = []
    const errors = (result.errors ?? []).map((error) => {
      const thrown = thrownBehind.get(error)
      if (thrown) {
        unexpected.push(thrown)
        return error
      }
      // Without a code of its own, an error of the executor's (not a resolver's) is about the query,
      // e.g. an operation type the schema has not.
      return coded(error, 'GRAPHQL_VALIDATION_FAILED')
    })
    return { data: result.data, errors, unexpected }
  }
}
