// Which client an address stands for, wherever one client must count once (budgets per address,
// distinct visitors in analytics and trending): an IPv4 address is itself; an IPv6 address stands
// for its /64, the smallest network a provider hands a customer (each device in it picks addresses
// of its own at will, so a single host can take thousands); an IPv4 address written as IPv6
// (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) is the IPv4 address.
import { isIPv6 } from 'node:net'

/** IPv6 addresses already grouped: a client sends many requests (bounded: a stranger can vary them). */
const grouped = new Map<string, string>()

/** The client an address stands for: an IPv4 address, or `<first four groups>::/64`. */
export function clientAddress(ip: string): string {
  if (!ip.includes(':')) return ip
  let client = grouped.get(ip)
  if (client === undefined) {
    client = isIPv6(ip) ? groupOf(ipv6Groups(ip)) : ip
    if (grouped.size >= 4096) grouped.clear()
    grouped.set(ip, client)
  }
  return client
}

function groupOf(groups: number[]): string {
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`
  }
  return `${groups[0]!.toString(16)}:${groups[1]!.toString(16)}:${groups[2]!.toString(16)}:${groups[3]!.toString(16)}::/64`
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or either written the other way). */
export function isLoopback(ip: string): boolean {
  if (!ip.includes(':')) return ip.startsWith('127.')
  if (!isIPv6(ip)) return false
  const groups = ipv6Groups(ip)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return groups[6]! >> 8 === 127
  return groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1
}

/** The 16-bit groups written in part of an address (`2001:db8`, `1:192.0.2.1`). */
function groupsOf(text: string): number[] {
  const groups: number[] = []
  if (text === '') return groups
  for (const part of text.split(':')) {
    if (part.includes('.')) {
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number)
      groups.push((a << 8) | b, (c << 8) | d)
    } else {
      groups.push(Number.parseInt(part, 16))
    }
  }
  return groups
}

/** The eight 16-bit groups of a valid IPv6 address (with `::`, a zone or an IPv4 tail). */
function ipv6Groups(ip: string): number[] {
  const zone = ip.indexOf('%')
  const address = zone < 0 ? ip : ip.slice(0, zone)
  const gap = address.indexOf('::')
  const first = groupsOf(gap < 0 ? address : address.slice(0, gap))
  const last = gap < 0 ? [] : groupsOf(address.slice(gap + 2))
  const groups = new Array<number>(8).fill(0)
  for (const [i, group] of first.entries()) groups[i] = group
  for (const [i, group] of last.entries()) groups[8 - last.length + i] = group
  return groups
}
