// Errors shaped like Contentful's GraphQL Content API: `extensions.contentful.code`.
import { GraphQLError } from 'graphql'

/** The codes we answer with, and their HTTP status as Contentful sends them. */
export const ERROR_STATUS = {
  ACCESS_TOKEN_MISSING: 401,
  ACCESS_TOKEN_INVALID: 401,
  UNKNOWN_ENVIRONMENT: 400,
  MISSING_QUERY: 400,
  QUERY_TOO_BIG: 400,
  INVALID_QUERY_FORMAT: 400,
  INVALID_VARIABLES_FORMAT: 400,
  TOO_COMPLEX_QUERY: 400,
  QUERY_OPERATION_NAME_MISMATCH: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  UNKNOWN_LOCALE: 200,
  UNRESOLVABLE_LINK: 200,
  INTERNAL_SERVER_ERROR: 500,
} as const

export type ContentfulErrorCode = keyof typeof ERROR_STATUS

export function contentfulError(
  code: ContentfulErrorCode,
  message: string,
  details?: Record<string, unknown>,
): GraphQLError {
  return new GraphQLError(message, { extensions: { contentful: { code, ...(details ? { details } : {}) } } })
}

export function errorCode(error: { extensions?: Record<string, unknown> }): ContentfulErrorCode | undefined {
  const contentful = error.extensions?.contentful as { code?: string } | undefined
  const code = contentful?.code
  return code !== undefined && code in ERROR_STATUS ? (code as ContentfulErrorCode) : undefined
}
