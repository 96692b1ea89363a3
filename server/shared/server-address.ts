// Where the server is reached from this machine, and whether an address is reachable from the
// internet at all: the operator scripts take HOST and PORT as the server reads them.
import { BlockList, isIP } from 'node:net'

/**
 * The server's URL for a client on the same machine: `0.0.0.0` and `::` (listen everywhere) are
 * reached on the loopback address, IPv6 addresses go in brackets.
 */
export function localServerUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${isIP(reachable) === 6 ? `[${reachable}]` : reachable}:${port}`
}

// Addresses no one outside this machine or its network can open.
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')
const UNSPECIFIED = new BlockList()
UNSPECIFIED.addSubnet('0.0.0.0', 8, 'ipv4')
UNSPECIFIED.addAddress('::', 'ipv6')
const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4')
PRIVATE.addSubnet('fc00::', 7, 'ipv6')
PRIVATE.addSubnet('fe80::', 10, 'ipv6')

/**
 * Why a URL's host cannot be reached from the internet ("a loopback address", …), or undefined
 * when it may be (a public address or a host name).
 */
export function unreachableFromInternet(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback address'
  const version = isIP(host)
  if (version === 0) return host.endsWith('.local') ? 'a local network name' : undefined
  const type = version === 4 ? 'ipv4' : 'ipv6'
  if (LOOPBACK.check(host, type)) return 'a loopback address'
  if (UNSPECIFIED.check(host, type)) return 'no address (it means every interface of this machine)'
  if (PRIVATE.check(host, type)) return 'a private network address'
  return undefined
}
