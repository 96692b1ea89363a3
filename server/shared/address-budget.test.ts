import { describe, expect, it } from 'vitest'
import { AddressBudget, retryAfterSeconds } from './address-budget.ts'
import { clientAddress, isLoopback } from './client-address.ts'

describe('clientAddress', () => {
  it('keeps an IPv4 address and takes an IPv6 address by its /64', () => {
    expect(clientAddress('203.0.113.9')).toBe('203.0.113.9')
    expect(clientAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(clientAddress('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64')
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientAddress('::1')).toBe('0:0:0:0::/64')
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientAddress('2001:db8:1:2:3:4:192.0.2.1')).toBe('2001:db8:1:2::/64')
  })

  it('takes an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
    expect(clientAddress('::ffff:c000:201')).toBe('192.0.2.1')
  })
})

describe('isLoopback', () => {
  it('knows this machine’s addresses however they are written', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])
      expect(isLoopback(ip), ip).toBe(true)
    for (const ip of ['10.0.0.1', '128.0.0.1', '::2', '::', '2001:db8::1', '::ffff:10.0.0.1', 'localhost'])
      expect(isLoopback(ip), ip).toBe(false)
  })
})

describe('AddressBudget', () => {
  it('lets an address make `burst` requests at once, then one per refill, with the wait', () => {
    const budget = new AddressBudget({ perMinute: 6, burst: 3 })
    expect([0, 0, 0].map(() => budget.take('192.0.2.1', 0))).toEqual([0, 0, 0])
    // One request back every 10 s.
    expect(budget.take('192.0.2.1', 0)).toBe(10_000)
    expect(budget.take('192.0.2.1', 4_000)).toBe(6_000)
    expect(budget.take('192.0.2.1', 10_000)).toBe(0)
    expect(budget.take('192.0.2.1', 10_000)).toBe(10_000)
    // Another address has its own bucket.
    expect(budget.take('192.0.2.2', 10_000)).toBe(0)
  })

  it('never fills a bucket beyond `burst`', () => {
    const budget = new AddressBudget({ perMinute: 60, burst: 2 })
    budget.take('192.0.2.1', 0)
    const later = [0, 0, 0].map(() => budget.take('192.0.2.1', 3_600_000))
    expect(later).toEqual([0, 0, 1000])
  })

  it('counts the addresses of one IPv6 /64 together', () => {
    const budget = new AddressBudget({ perMinute: 1, burst: 2 })
    expect(budget.take('2001:db8:1:2::1', 0)).toBe(0)
    expect(budget.take('2001:db8:1:2::2', 0)).toBe(0)
    expect(budget.take('2001:db8:1:2:aaaa::3', 0)).toBe(60_000)
    expect(budget.take('2001:db8:1:3::1', 0)).toBe(0)
  })

  it('drops buckets that have filled up again, and keeps at most maxAddresses', () => {
    const budget = new AddressBudget({ perMinute: 60, burst: 10, maxAddresses: 100 })
    for (let n = 0; n < 50; n++) budget.take(`192.0.2.${n}`, 0)
    budget.take('198.51.100.1', 5_000)
    expect(budget.size).toBe(51)
    // After 10 s the first 50 are full again: the sweep drops them, not the one seen at 5 s.
    budget.sweep(10_000)
    expect(budget.size).toBe(1)
    for (let n = 0; n < 1000; n++) budget.take(`10.0.${n >> 8}.${n & 255}`, 11_000)
    expect(budget.size).toBe(100)
    // The earliest seen went first: the last address still has its (emptied) bucket.
    for (let n = 0; n < 10; n++) budget.take('10.0.3.231', 11_000)
    expect(budget.take('10.0.3.231', 11_000)).toBe(1000)
    budget.sweep(20_000)
    expect(budget.size).toBe(100)
    budget.sweep(21_000)
    expect(budget.size).toBe(0)
    budget.close()
  })

  it('tells a refused client the whole seconds to wait, at least one', () => {
    expect([1, 999, 1000, 1001, 59_001].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 60])
  })
})
