import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'

const valid = {
  search: {
    appId: 'bahnhofsfinder',
    apiKey: 'search-key',
    indexName: 'stations',
    hosts: [{ url: 'localhost:3000', protocol: 'http' }],
    insightsHost: 'http://localhost:3000',
  },
  content: { url: 'http://localhost:3000/graphql', token: null },
  map: { tileUrl: null, tileAttribution: null },
}

describe('parseConfig', () => {
  it('accepts the server config', () => {
    expect(parseConfig(valid)).toEqual(valid)
  })

  it('accepts null hosts for Algolia', () => {
    const config = parseConfig({ ...valid, search: { ...valid.search, hosts: null, insightsHost: null } })
    expect(config.search.hosts).toBeNull()
    expect(config.search.insightsHost).toBeNull()
  })

  it('names the bad field', () => {
    expect(() => parseConfig({ ...valid, search: { ...valid.search, apiKey: 42 } })).toThrow(
      expect.objectContaining({ name: 'ConfigError', message: 'search.apiKey must be a string' }),
    )
    expect(() =>
      parseConfig({ ...valid, search: { ...valid.search, hosts: [{ url: 'x', protocol: 'ftp' }] } }),
    ).toThrow('search.hosts[0].protocol must be http or https')
    expect(() => parseConfig(null)).toThrow('config must be an object')
    expect(() => parseConfig({ ...valid, search: { ...valid.search, hosts: [] } })).toThrow(
      'search.hosts must be a non-empty array or null',
    )
  })

  it('fills what an older or hand-written config leaves out with the defaults', () => {
    const { content: _content, map: _map, ...searchOnly } = valid
    const hosts = [{ url: 'search.example' }]
    expect(parseConfig({ ...searchOnly, search: { ...valid.search, hosts } })).toEqual({
      search: { ...valid.search, hosts: [{ url: 'search.example', protocol: 'https' }] },
      content: { url: '/graphql', token: null },
      map: { tileUrl: null, tileAttribution: null },
    })
  })
})
