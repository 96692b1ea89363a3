import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.DATA_DIR).toMatch(/[\\/]data$/)
    expect(config.CONTENT_DIR).toMatch(/[\\/]content$/)
    expect(config.SEARCH_APP_ID).toBe('bahnhofsfinder')
    expect(config.SEARCH_ADMIN_KEY).toBeUndefined()
    expect(config.SEARCH_API_KEY).toBeUndefined()
  })

  it('reads valid values', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', SEARCH_API_KEY: 'abcdefghij0123456789' })
    expect(config.PORT).toBe(8080)
    expect(config.HOST).toBe('0.0.0.0')
    expect(config.SEARCH_API_KEY).toBe('abcdefghij0123456789')
  })

  it('reads the trusted proxies as a hop count or a list of addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined()
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, ::1',
    )
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ SEARCH_ADMIN_KEY: '', PUBLIC_SEARCH_URL: '' }).SEARCH_ADMIN_KEY).toBeUndefined()
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['SEARCH_ADMIN_KEY', 'short'],
    ['SEARCH_API_KEY', 'has spaces in it, too many'],
    ['SEARCH_APP_ID', 'bad id!'],
    ['PUBLIC_SEARCH_URL', 'ftp://example.org'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'too-short'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback, proxy.example'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`))
  })

  it('takes an external search application only with both its app ID and its search key', () => {
    const config = loadConfig({
      PUBLIC_SEARCH_APP_ID: 'LATENCY',
      PUBLIC_SEARCH_API_KEY: '6be0576ff61c053d5f9a3225e2a90f76',
    })
    expect(config.PUBLIC_SEARCH_APP_ID).toBe('LATENCY')
    expect(() => loadConfig({ PUBLIC_SEARCH_APP_ID: 'LATENCY' })).toThrow(
      /PUBLIC_SEARCH_API_KEY: PUBLIC_SEARCH_APP_ID and PUBLIC_SEARCH_API_KEY are set together/,
    )
  })

  it('keeps query suggestions to queries enough people asked, by default', () => {
    const config = loadConfig({})
    expect(config.QUERY_SUGGESTIONS_MIN_USERS).toBe(5)
    expect(config.QUERY_SUGGESTIONS_DAYS).toBe(30)
    expect(config.QUERY_SUGGESTIONS_MIN_HITS).toBe(1)
    expect(config.QUERY_SUGGESTIONS_MIN_LETTERS).toBe(3)
    expect(config.QUERY_SUGGESTIONS_MAX).toBe(1000)
    expect(config.QUERY_SUGGESTIONS_EXCLUDE).toEqual([])
    expect(config.QUERY_SUGGESTIONS_BANNED).toEqual([])
    expect(loadConfig({ QUERY_SUGGESTIONS_MIN_USERS: '' }).QUERY_SUGGESTIONS_MIN_USERS).toBe(5)
  })

  it('reads query suggestion exclusions and banned expressions as comma-separated lists', () => {
    const config = loadConfig({
      QUERY_SUGGESTIONS_EXCLUDE: ' Bahnhof Zoo, kiel ,, ',
      QUERY_SUGGESTIONS_BANNED: 'erstattung, /geld\\s*zur(ü|u)ck/ ,/^x{2,5}$/',
    })
    expect(config.QUERY_SUGGESTIONS_EXCLUDE).toEqual(['Bahnhof Zoo', 'kiel'])
    expect(config.QUERY_SUGGESTIONS_BANNED).toEqual(['erstattung', /geld\s*zur(ü|u)ck/iu, /^x{2,5}$/iu])
  })

  it.each([
    ['QUERY_SUGGESTIONS_MIN_USERS', '0'],
    ['QUERY_SUGGESTIONS_MIN_USERS', 'many'],
    ['QUERY_SUGGESTIONS_DAYS', '91'],
    ['QUERY_SUGGESTIONS_MIN_HITS', '0'],
    ['QUERY_SUGGESTIONS_MIN_LETTERS', '2.5'],
    ['QUERY_SUGGESTIONS_MAX', '0'],
    ['QUERY_SUGGESTIONS_BANNED', '/(/'],
    ['QUERY_SUGGESTIONS_BANNED', 'kiel, /unclosed'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`))
  })

  it('names every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })
      expect.unreachable()
    } catch (error) {
      expect((error as Error).message).toContain('PORT')
      expect((error as Error).message).toContain('LOG_LEVEL')
    }
  })
})
