// The two official clients of a sync: our service as the source, Algolia (or --host) as the target.
import { type Algoliasearch, algoliasearch } from 'algoliasearch'
import type { SyncEndpoint } from './index-sync.ts'
import { type HostOption, parseHost } from './sync-options.ts'

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>

export function clientFor(
  appId: string,
  apiKey: string,
  hosts: HostOption[] | undefined,
  options: ClientOptions = {},
): Algoliasearch {
  if (!hosts) return algoliasearch(appId, apiKey, options)
  const explicit = hosts.map((host) => ({ ...host, accept: 'readWrite' as const }))
  return algoliasearch(appId, apiKey, { ...options, hosts: explicit })
}

export function sourceEndpoint(
  url: string,
  appId: string,
  apiKey: string,
  options?: ClientOptions,
): SyncEndpoint {
  return { client: clientFor(appId, apiKey, [parseHost(url)], options), label: url }
}

export function targetEndpoint(
  appId: string,
  apiKey: string,
  hosts: HostOption[] | undefined,
  options?: ClientOptions,
): SyncEndpoint {
  const where = hosts ? hosts.map((host) => `${host.protocol}://${host.url}`).join(', ') : 'Algolia'
  return { client: clientFor(appId, apiKey, hosts, options), label: `${appId} at ${where}` }
}
