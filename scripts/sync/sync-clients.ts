// The two official clients of a sync: our service as the source, Algolia (or --host) as the target.
import { type Algoliasearch, algoliasearch } from 'algoliasearch'
import type { SyncEndpoint } from './index-sync.ts'
import type { EndpointAdvice } from './sync-errors.ts'
import { type HostOption, parseHost } from './sync-options.ts'

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>
type Requester = NonNullable<ClientOptions['requester']>

/**
 * The client's requests through Node's fetch. The client's own Node requester passes a URL's
 * `hostname` to the resolver, and for an IPv6 address that is `[::1]`, brackets and all: a server
 * listening on `::` or an IPv6 address would be unreachable.
 */
function fetchRequester(): Requester {
  return {
    async send(request) {
      try {
        const response = await fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body:
            typeof request.data === 'string' || request.data === undefined
              ? request.data
              : new Uint8Array(request.data),
          redirect: 'manual',
          signal: AbortSignal.timeout(request.connectTimeout + request.responseTimeout),
        })
        return { status: response.status, content: await response.text(), isTimedOut: false }
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        return {
          status: 0,
          content: error instanceof Error ? error.message : String(error),
          isTimedOut: timedOut,
        }
      }
    },
  }
}

function clientFor(
  appId: string,
  apiKey: string,
  hosts: HostOption[] | undefined,
  options: ClientOptions = {},
): Algoliasearch {
  if (!hosts) return algoliasearch(appId, apiKey, options)
  const explicit = hosts.map((host) => ({ ...host, accept: 'readWrite' as const }))
  const ipv6 = hosts.some((host) => host.url.startsWith('['))
  return algoliasearch(appId, apiKey, {
    ...(ipv6 ? { requester: fetchRequester() } : {}),
    ...options,
    hosts: explicit,
  })
}

export function sourceEndpoint(
  url: string,
  appId: string,
  apiKey: string,
  options?: ClientOptions,
  advice?: EndpointAdvice,
): SyncEndpoint {
  return {
    client: clientFor(appId, apiKey, [parseHost(url, '--source-url')], options),
    label: url,
    ...(advice ? { advice } : {}),
  }
}

export function targetEndpoint(
  appId: string,
  apiKey: string,
  hosts: HostOption[] | undefined,
  options?: ClientOptions,
): SyncEndpoint {
  const where = hosts ? hosts.map((host) => `${host.protocol}://${host.url}`).join(', ') : 'Algolia'
  return {
    client: clientFor(appId, apiKey, hosts, options),
    label: `${appId} at ${where}`,
    // Without --host the target is Algolia's own hosts for the application ID: no URL to check.
    ...(hosts
      ? {}
      : {
          advice: {
            unreachable: `Check the application ID (${appId}: Algolia's hosts are named after it) and the network.`,
          },
        }),
  }
}
