import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'
import { describe, expect, it } from 'vitest'
import { headersOf } from './security-headers.ts'

describe('security headers worked out once', () => {
  it("are the headers Helmet's middleware sets on a response, with the policy as configured", () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"] } },
      crossOriginEmbedderPolicy: false,
    }
    const headers = headersOf(options)
    const written = new Map<string, string>()
    const removed: string[] = []
    const response = {
      setHeader: (name: string, value: unknown) => written.set(name, String(value)),
      removeHeader: (name: string) => removed.push(name),
    }
    helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {})
    expect(new Map(headers.set)).toEqual(written)
    expect(headers.remove).toEqual(removed)
    expect(new Map(headers.set).get('Content-Security-Policy')).toMatch(/(^|;)script-src 'self'(;|$)/)
    expect(headers.remove).toContain('X-Powered-By')
  })

  it('refuse a policy Helmet refuses, at start-up', () => {
    expect(() => headersOf({ contentSecurityPolicy: { directives: { scriptSrc: ['self'] } } })).toThrow()
  })
})
