import { describe, expect, it } from 'vitest'
import { redactUrl } from './redact.ts'

describe('redacting credentials from URLs', () => {
  it('replaces API keys and tokens in the query string, whatever their case or encoding', () => {
    expect(redactUrl('/1/events?X-Algolia-API-Key=secret&X-Algolia-Application-Id=app')).toBe(
      '/1/events?X-Algolia-API-Key=[redacted]&X-Algolia-Application-Id=app',
    )
    expect(redactUrl('/graphql?query=%7Bx%7D&access_token=abc')).toBe(
      '/graphql?query=%7Bx%7D&access_token=[redacted]',
    )
    expect(redactUrl('/1/indexes/x?x%2Dalgolia%2Dapi%2Dkey=abc')).toBe(
      '/1/indexes/x?x%2Dalgolia%2Dapi%2Dkey=[redacted]',
    )
  })

  it('leaves URLs without credentials as they are', () => {
    expect(redactUrl('/suche?q=k%C3%B6ln')).toBe('/suche?q=k%C3%B6ln')
    expect(redactUrl('/healthz')).toBe('/healthz')
  })
})
