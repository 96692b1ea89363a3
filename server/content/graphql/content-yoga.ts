// The GraphQL executor: graphql-yoga over the generated schema, with depth and cost limits whose
// rejections carry Contentful's error code.
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import type { GraphQLError, ValidationContext } from 'graphql'
import { createSchema, createYoga, maskError, type YogaServerInstance } from 'graphql-yoga'
import { contentfulError } from './contentful-error.ts'
import { buildResolvers, type ContentContext } from './resolvers.ts'
import { buildSdl } from './schema-sdl.ts'

/** Deep enough for rich text with links and fragments: collection › items › body › links › entries › block › … on X › sys › id. */
export const MAX_DEPTH = 12
/** graphql-armor's cost (objects 2, scalars 1, ×1.5 per level): a page with its rich text and every
 * link costs about 760, so four such pages fit in one query. */
export const MAX_COST = 3000

type SchemaResolvers = NonNullable<Parameters<typeof createSchema<ContentContext>>[0]['resolvers']>

export type ContentYoga = YogaServerInstance<ContentContext, object>

function rejectAs(context: ValidationContext | null, error: GraphQLError): void {
  const message = error.message.replace(/^Syntax Error: /, '')
  context?.reportError(contentfulError('TOO_COMPLEX_QUERY', `Query cannot be executed. ${message}`))
}

export function createContentYoga(): ContentYoga {
  const schema = createSchema<ContentContext>({
    typeDefs: buildSdl(),
    resolvers: buildResolvers() as SchemaResolvers,
  })
  return createYoga<ContentContext, object>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: false,
    batching: false,
    // Unexpected errors are masked ("Unexpected error."); our Contentful errors pass through. Checked
    // by their extensions, not by class: graphql may be loaded twice (ESM and CommonJS).
    maskedErrors: {
      maskError(error, message, isDev) {
        const extensions = (error as { extensions?: Record<string, unknown> }).extensions
        return extensions?.contentful ? (error as Error) : maskError(error, message, isDev)
      },
    },
    plugins: [
      maxDepthPlugin({ n: MAX_DEPTH, propagateOnRejection: false, onReject: [rejectAs] }),
      costLimitPlugin({ maxCost: MAX_COST, propagateOnRejection: false, onReject: [rejectAs] }),
    ],
  })
}
