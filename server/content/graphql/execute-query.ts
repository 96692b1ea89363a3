// One GraphQL request against the content schema, in graphql-js's phases: parse, validate (with
// depth and cost limits), pick the operation, coerce the variables, execute. Which phase refused a
// request decides its Contentful code, so no error is classified by its message. No HTTP here: the
// route reads the request and writes the answer.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit'
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth'
import {
  type DocumentNode,
  execute,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  type ValidationContext,
  validate,
} from 'graphql'
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
  /** Each with its Contentful code in `extensions.contentful`. */
  errors: readonly GraphQLError[]
  /** What a resolver threw unforeseen; answered masked as "Unexpected error.", for the log. */
  unexpected: readonly Error[]
}

export type QueryExecutor = (request: QueryRequest, context: ContentContext) => Promise<QueryAnswer>

/** The error with a Contentful code: its own if it has one (ours, thrown by a resolver or a limit), else `code`. */
function coded(error: GraphQLError, code: ContentfulErrorCode): GraphQLError {
  if (errorCode(error)) return error
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, contentful: { code } },
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

export function createQueryExecutor(schema: GraphQLSchema = buildContentSchema()): QueryExecutor {
  const limits = { propagateOnRejection: false, onReject: [rejectAsTooComplex] }
  const rules = [
    ...specifiedRules,
    maxDepthRule({ n: MAX_DEPTH, ...limits }),
    costLimitRule({ maxCost: MAX_COST, ...limits }),
  ]

  return async (request, context) => {
    let document: DocumentNode
    try {
      document = parse(request.query)
    } catch (error) {
      if (error instanceof GraphQLError) return refused([error], 'INVALID_QUERY_FORMAT')
      throw error
    }
    const invalid = validate(schema, document, rules)
    if (invalid.length > 0) return refused(invalid, 'GRAPHQL_VALIDATION_FAILED')

    const operation = getOperationAST(document, request.operationName)
    if (!operation) {
      const message = request.operationName
        ? `Unknown operation named "${request.operationName}".`
        : 'Must provide operation name if query contains multiple operations.'
      return refused([new GraphQLError(message)], 'QUERY_OPERATION_NAME_MISMATCH')
    }
    const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {})
    if (variables.errors) return refused(variables.errors, 'INVALID_VARIABLES_FORMAT')

    const result = await execute({
      schema,
      document,
      operationName: request.operationName,
      variableValues: request.variables,
      contextValue: context,
    })
    const unexpected: Error[] = []
    const errors = (result.errors ?? []).map((error) => {
      const thrown = error.originalError
      if (errorCode(error) || !thrown || thrown instanceof GraphQLError) {
        // Without a code of its own, an error of the executor's (not a resolver's) is about the query,
        // e.g. an operation type the schema has not.
        return coded(error, 'GRAPHQL_VALIDATION_FAILED')
      }
      unexpected.push(thrown)
      return new GraphQLError('Unexpected error.', {
        nodes: error.nodes,
        path: error.path,
        extensions: { contentful: { code: 'INTERNAL_SERVER_ERROR' } },
      })
    })
    return { data: result.data, errors, unexpected }
  }
}
