// Client addresses a key may be used from: IPv4 and IPv6 addresses and CIDR ranges
// (`192.168.1.0/24`, `2001:db8::/32`), as Algolia's restrictSources takes them.
import { BlockList, isIP } from 'node:net'

export interface SourceList {
  readonly entries: readonly string[]
  readonly list: BlockList
}

/** Reads addresses and CIDR ranges; throws on anything else, so such a key is refused, never widened. */
export function parseSources(entries: readonly string[]): SourceList {
  const list = new BlockList()
  const kept: string[] = []
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry === '') continue
    const [address = '', prefixText, extra] = entry.split('/')
    const family = isIP(address)
    if (family === 0 || extra !== undefined)
      throw new Error(`restrictSources: "${entry}" is not an IP address or CIDR range`)
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefixText === undefined) list.addAddress(address, type)
    else {
      const prefix = Number(prefixText)
      if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
        throw new Error(`restrictSources: "${entry}" has no valid prefix length`)
      list.addSubnet(address, prefix, type)
    }
    kept.push(entry)
  }
  if (kept.length === 0) throw new Error('restrictSources names no address')
  return { entries: kept, list }
}

/** Whether the client address is in the list; an IPv4 address mapped into IPv6 counts as IPv4. */
export function sourceAllowed(sources: SourceList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1]
  const address = mapped ?? ip
  const family = isIP(address)
  if (family === 0) return false
  return sources.list.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
