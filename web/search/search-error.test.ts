import { describe, expect, it } from 'vitest'
import { germanMessages } from '../../tests/helpers/messages.ts'
import { describeSearchError as describe_ } from './search-error.ts'

const t = germanMessages()
const describeSearchError = (...args: [Parameters<typeof describe_>[1], boolean]) => describe_(t, ...args)

describe('describeSearchError', () => {
  it('says the service is down when every host failed (5xx, timeouts)', () => {
    expect(describeSearchError({ name: 'RetryError', message: 'Unreachable hosts' }, true)).toBe(
      'Der Suchdienst antwortet gerade nicht oder ist gestört.',
    )
  })

  it('names a rejected key and rate limiting', () => {
    expect(describeSearchError({ name: 'ApiError', status: 403 }, true)).toMatch(/Zugangsschlüssel/)
    expect(describeSearchError({ name: 'ApiError', status: 429 }, true)).toMatch(/zu viele Anfragen/)
    expect(describeSearchError({ name: 'ApiError', status: 400 }, true)).toMatch(/nicht verarbeiten/)
  })

  it('says the device is offline before anything else', () => {
    expect(describeSearchError({ name: 'RetryError' }, false)).toMatch(/offline/)
  })

  it('has a fallback', () => {
    expect(describeSearchError(undefined, true)).toMatch(/unerwarteter Fehler/)
  })
})
