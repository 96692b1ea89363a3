// The Algolia-compatible REST protocol under /1/. (Skeleton by the lead: the protocol work fills this in.)
import type { FastifyInstance } from 'fastify'
import type { Credentials } from './credentials.ts'
import type { SearchService } from './search-service.ts'

export interface SearchPluginOptions {
  service: SearchService
  credentials: Credentials
}

export default async function searchPlugin(_app: FastifyInstance, _options: SearchPluginOptions): Promise<void> {}
