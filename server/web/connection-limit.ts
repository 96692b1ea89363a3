// Open connections per client address, counted per serving process: a stranger who opens them by
// the thousand (and sends nothing, or a byte now and then) would otherwise hold the process's
// sockets and memory until every other visitor waits. Browsers open a handful per site.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { compile } from '@fastify/proxy-addr'

export interface ConnectionLimitOptions {
  /** Connections one address may hold open at once; 0: no limit. */
  max: number
  /**
   * TRUST_PROXY: the proxies named there are not limited (every visitor arrives through them); with
   * a hop count the nearest peer is always a proxy, so nothing is limited here.
   */
  trustProxy?: string | number
}

export function limitConnectionsPerAddress(server: Server, options: ConnectionLimitOptions): void {
  const { max, trustProxy } = options
  if (max <= 0 || typeof trustProxy === 'number') return
  const trusted = trustProxy ? compile(trustProxy.split(',').map((entry) => entry.trim())) : () => false
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || trusted(address, 0)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      // Closed before a byte is read: nothing of it reaches a route.
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left === 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
