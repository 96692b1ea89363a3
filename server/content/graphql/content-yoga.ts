// The GraphQL executor: graphql-yoga over the generated schema, with depth and cost limits whose
// rejections carry Contentful's error code.
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import type { GraphQLError, ValidationContext } from 'graphql'
import { createSchema, createYoga, type YogaServerInstance } from 'graphql-yoga'
import { contentfulError } from './contentful-error.ts'
import { buildResolvers, type ContentContext } from './resolvers.ts'
import { buildSdl } from './schema-sdl.ts'

/** Deep enough for rich text with links and fragments: collection › items › body › links › entries › block › … on X › sys › id. */
export const MAX_DEPTH = 12
/** graphql-armor's cost (objects 2, scalars 1, ×1.5 per level): the web app's largest query costs well under a tenth. */
export const MAX_COST = 20_000

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
    // Unexpected errors are masked ("Unexpected error."); GraphQLErrors we throw pass through.
    maskedErrors: true,
    plugins: [
      maxDepthPlugin({ n: MAX_DEPTH, propagateOnRejection: false, onReject: [rejectAs] }),
      costLimitPlugin({ maxCost: MAX_COST, propagateOnRejection: false, onReject: [rejectAs] }),
    ],
  })
}
