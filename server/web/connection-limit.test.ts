import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import { describe, expect, it } from 'vitest'
import { limitConnectionsPerAddress } from './connection-limit.ts'

class FakeSocket extends EventEmitter {
  destroyed = false
  readonly remoteAddress: string
  constructor(remoteAddress: string) {
    super()
    this.remoteAddress = remoteAddress
  }
  destroy() {
    this.destroyed = true
    this.emit('close')
  }
}

/** Opens `count` connections from `address` and says which the limit closed at once. */
function connectAll(server: EventEmitter, address: string, count: number): FakeSocket[] {
  return Array.from({ length: count }, () => {
    const socket = new FakeSocket(address)
    server.emit('connection', socket)
    return socket
  })
}

describe('limitConnectionsPerAddress', () => {
  it('closes an address’s connections beyond the limit, and counts the ones that close', () => {
    const server = new EventEmitter()
    limitConnectionsPerAddress(server as Server, { max: 2 })
    const first = connectAll(server, '203.0.113.7', 3)
    expect(first.map((socket) => socket.destroyed)).toEqual([false, false, true])
    expect(connectAll(server, '198.51.100.1', 1)[0]?.destroyed).toBe(false)
    first[0]?.emit('close')
    expect(connectAll(server, '203.0.113.7', 2).map((socket) => socket.destroyed)).toEqual([false, true])
  })

  it('leaves the proxies TRUST_PROXY names alone, and everything with a hop count', () => {
    const named = new EventEmitter()
    limitConnectionsPerAddress(named as Server, { max: 1, trustProxy: 'loopback, 10.0.0.5' })
    expect(connectAll(named, '127.0.0.1', 3).some((socket) => socket.destroyed)).toBe(false)
    expect(connectAll(named, '10.0.0.5', 3).some((socket) => socket.destroyed)).toBe(false)
    expect(connectAll(named, '10.0.0.6', 2).map((socket) => socket.destroyed)).toEqual([false, true])
    const hops = new EventEmitter()
    limitConnectionsPerAddress(hops as Server, { max: 1, trustProxy: 1 })
    expect(connectAll(hops, '203.0.113.7', 3).some((socket) => socket.destroyed)).toBe(false)
  })
})
