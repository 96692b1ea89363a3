// Which client an address stands for, wherever one client must count once (budgets per address,
// distinct visitors in analytics and trending): an IPv4 address is itself; an IPv6 address stands
// for its /64, the smallest network a provider hands a customer (each device in it picks addresses
// of its own at will, so a single host can take thousands); an IPv4 address written as IPv6
// (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) is the IPv4 address.
import { isIPv6 } from 'node:net'

/** The client an address stands for: an IPv4 address, or `<first four groups>::/64`. */
export function clientAddress(ip: string): string {
  if (!ip.includes(':') || !isIPv6(ip)) return ip
  const groups = ipv6Groups(ip)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or either written the other way). */
export function isLoopback(ip: string): boolean {
  if (!ip.includes(':')) return ip.startsWith('127.')
  if (!isIPv6(ip)) return false
  const groups = ipv6Groups(ip)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return groups[6]! >> 8 === 127
  return groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1
}

/** The eight 16-bit groups of a valid IPv6 address (with `::`, a zone or an IPv4 tail). */
function ipv6Groups(ip: string): number[] {
  const address = ip.split('%')[0]!
  const [head = '', tail] = address.split('::')
  const parts = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [Number.parseInt(part, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const first = parts(head)
  const last = tail === undefined ? [] : parts(tail)
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
}
