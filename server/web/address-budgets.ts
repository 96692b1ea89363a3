// Which requests the per-address budgets count, and as whose. Behind a proxy the client's address
// is the one TRUST_PROXY lets the proxy forward; without TRUST_PROXY a request from this machine is
// a proxy's in front (every visitor at once) or the operator's own, so it is not counted: a server
// behind a proxy nobody named keeps serving as before instead of sharing one budget among all its
// visitors. That such a proxy is there shows in its X-Forwarded-For: said once, in the log.
import type { FastifyRequest } from 'fastify'
import type { AddressBudget } from '../shared/address-budget.ts'
import { isLoopback } from '../shared/client-address.ts'

/** Takes one request from its client's budget: 0 when it may go on, else milliseconds to wait. */
export type BudgetCounter = (request: FastifyRequest) => number

export function budgetCounters(
  trustProxy: string | number | undefined,
  warn: (message: string) => void,
): (budget: AddressBudget) => BudgetCounter {
  let warned = false
  return (budget) => (request) => {
    if (trustProxy !== undefined) return budget.take(request.ip)
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true
      warn(
        `a request came through a proxy (X-Forwarded-For, from ${request.ip}) but TRUST_PROXY is unset: every visitor behind it shares one address, for the per-address budgets too (those from this machine are not counted); set TRUST_PROXY (docs/operations.md)`,
      )
    }
    return isLoopback(request.ip) ? 0 : budget.take(request.ip)
  }
}
