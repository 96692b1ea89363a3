// The content service's HTTP surface: /graphql and the asset files.
import type { FastifyInstance } from 'fastify'
import type { ContentStore } from '../source/content-store.ts'
import contentAssetsRoute from './content-assets-route.ts'
import graphqlRoute from './graphql-route.ts'

export interface ContentPluginOptions {
  store: ContentStore
  token: string | undefined
}

export default async function contentPlugin(
  app: FastifyInstance,
  options: ContentPluginOptions,
): Promise<void> {
  await app.register(graphqlRoute, { store: options.store, token: options.token })
  await app.register(contentAssetsRoute, { store: options.store })
}
