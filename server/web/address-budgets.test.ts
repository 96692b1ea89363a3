import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AddressBudget } from '../shared/address-budget.ts'
import { budgetCounters } from './address-budgets.ts'

const request = (ip: string, headers: Record<string, string> = {}) =>
  ({ ip, headers }) as unknown as FastifyRequest

/** Takes `count` requests from `ip`, answering how many were refused. */
function refusals(
  take: (request: FastifyRequest) => number,
  ip: string,
  count: number,
  headers = {},
): number {
  let refused = 0
  for (let n = 0; n < count; n++) if (take(request(ip, headers)) > 0) refused++
  return refused
}

describe('which requests the budgets count', () => {
  it('behind TRUST_PROXY, every address as the proxy forwards it, this machine too', () => {
    const take = budgetCounters('loopback', () => {})(new AddressBudget({ perMinute: 1, burst: 2 }))
    expect(refusals(take, '127.0.0.1', 3)).toBe(1)
    expect(refusals(take, '203.0.113.9', 3)).toBe(1)
  })

  it('without TRUST_PROXY, not this machine (a proxy in front would be every visitor at once), and says so once', () => {
    const warnings: string[] = []
    const take = budgetCounters(undefined, (message) => warnings.push(message))(
      new AddressBudget({ perMinute: 1, burst: 2 }),
    )
    expect(refusals(take, '127.0.0.1', 5, { 'x-forwarded-for': '203.0.113.9' })).toBe(0)
    expect(refusals(take, '::1', 5)).toBe(0)
    expect(refusals(take, '198.51.100.4', 3)).toBe(1)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/TRUST_PROXY is unset/)
  })
})
