import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { assetBase, assetBaseWarning, ExportUsageError, parseExportArgs } from './export-options.ts'

const config = (env: Record<string, string> = {}) => loadConfig(env)

describe('export:contentful options', () => {
  it('refuses what is not an http(s) URL, an unknown option or a stray argument as a usage error', () => {
    for (const args of [
      ['--asset-base-url', 'notaurl'],
      ['--asset-base-url', 'ftp://example.org/assets/'],
      ['--asset-base-url', 'https://example.org/assets/?sig=1'],
      ['--bogus'],
      ['contentful-space.json'],
      ['--out'],
      ['--out', ''],
    ])
      expect(() => parseExportArgs(args), args.join(' ')).toThrow(ExportUsageError)
    expect(() => parseExportArgs(['--asset-base-url', 'notaurl'])).toThrow(
      /--asset-base-url notaurl: not a URL/,
    )
  })

  it('keeps the last folder of a base URL given without a trailing slash', () => {
    const options = parseExportArgs(['--asset-base-url', 'https://bahnhofsfinder.example.org/content/assets'])
    expect(options.assetBaseUrl).toBe('https://bahnhofsfinder.example.org/content/assets/')
    // As the export resolves file names against it:
    expect(new URL('bild.png', options.assetBaseUrl).toString()).toBe(
      'https://bahnhofsfinder.example.org/content/assets/bild.png',
    )
  })

  it('takes the images from the configured address when no base URL is given', () => {
    const none = parseExportArgs([])
    expect(assetBase(none, config({ HOST: '10.0.0.5', PORT: '8080' })).url).toBe(
      'http://10.0.0.5:8080/content/assets/',
    )
    expect(assetBase(none, config({ HOST: '0.0.0.0', PORT: '8080' })).url).toBe(
      'http://127.0.0.1:8080/content/assets/',
    )
    // This server's /graphql at its public address (also below a path prefix of the proxy).
    expect(assetBase(none, config({ PUBLIC_CONTENT_URL: 'https://bf.example.org/graphql' })).url).toBe(
      'https://bf.example.org/content/assets/',
    )
    expect(assetBase(none, config({ PUBLIC_CONTENT_URL: 'https://example.org/bahnhof/graphql' })).url).toBe(
      'https://example.org/bahnhof/content/assets/',
    )
    // Contentful's own GraphQL endpoint says nothing about where this server is.
    const contentful = 'https://graphql.contentful.com/content/v1/spaces/abc/environments/master'
    expect(assetBase(none, config({ PUBLIC_CONTENT_URL: contentful, PORT: '4000' })).url).toBe(
      'http://127.0.0.1:4000/content/assets/',
    )
    const given = parseExportArgs(['--asset-base-url', 'https://cdn.example.org/bf/'])
    expect(assetBase(given, config({ PUBLIC_CONTENT_URL: 'https://bf.example.org/graphql' })).url).toBe(
      'https://cdn.example.org/bf/',
    )
  })

  it('warns that Contentful must reach the images, and that a loopback or private address it cannot', () => {
    const none = parseExportArgs([])
    const loopback = assetBaseWarning(assetBase(none, config()), 3)
    expect(loopback).toMatch(/^warning: .*http:\/\/127\.0\.0\.1:3000\/content\/assets\/, a loopback address/)
    expect(loopback).toMatch(/from HOST=127\.0\.0\.1 and PORT=3000/)
    expect(loopback).toMatch(/--asset-base-url/)
    expect(assetBaseWarning(assetBase(none, config({ HOST: '192.168.1.20' })), 3)).toMatch(
      /a private network address/,
    )
    const configured = assetBaseWarning(
      assetBase(none, config({ PUBLIC_CONTENT_URL: 'https://bf.example.org/graphql' })),
      3,
    )
    expect(configured).toMatch(/from PUBLIC_CONTENT_URL=https:\/\/bf\.example\.org\/graphql/)
    expect(configured).toMatch(/must be reachable from the internet/)
    // A public address the operator chose needs no warning; a loopback one still does.
    const chosen = (url: string) => assetBase(parseExportArgs(['--asset-base-url', url]), config())
    expect(assetBaseWarning(chosen('https://bf.example.org/content/assets/'), 3)).toBeUndefined()
    expect(assetBaseWarning(chosen('http://localhost:3000/content/assets/'), 3)).toMatch(/a loopback address/)
    // Nothing to download, nothing to warn about.
    expect(assetBaseWarning(assetBase(none, config()), 0)).toBeUndefined()
  })
})
