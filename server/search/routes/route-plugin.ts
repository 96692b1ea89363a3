// The type of a /1/ route plugin: its handlers' request types are inferred from their JSON schemas.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'

export type RoutePlugin<Options extends Record<string, unknown>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  JsonSchemaToTsProvider
>
