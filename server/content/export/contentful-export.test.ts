// The export as contentful-import sees it: its own payload validation (assertPayload) accepts the
// file, and the file holds the model, every entry and asset in de-DE, and the English versions in
// en-US, which falls back to de-DE.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../source/content-loader.ts'
import { buildSpaceImport } from './contentful-export.ts'

const ROOT = join(import.meta.dirname, '../../..')

/**
 * contentful-import does not export assertPayload: take its schema and function verbatim from the
 * installed package's build, between the markers it is bundled with.
 */
function contentfulAssertPayload(): (payload: unknown) => void {
  const require = createRequire(join(ROOT, 'node_modules/contentful-import/dist/index.js'))
  const source = readFileSync(require.resolve('contentful-import'), 'utf8')
  const start = source.indexOf('// lib/utils/schema.ts')
  const end = source.indexOf('var assertDefaultLocale')
  expect(start).toBeGreaterThan(0)
  expect(end).toBeGreaterThan(start)
  const toEsm = (module: { __esModule?: boolean }) => (module?.__esModule ? module : { default: module })
  return new Function('require', '__toESM', `${source.slice(start, end)}\nreturn assertPayload`)(
    require,
    toEsm,
  )
}

describe('Contentful export', () => {
  const assertPayload = contentfulAssertPayload()

  it('is accepted by contentful-import’s payload validation and holds everything in de-DE, English in en-US', async () => {
    const snapshot = await loadContent(join(ROOT, 'content'))
    const payload = buildSpaceImport(snapshot, 'https://bahnhofsfinder.example/content/assets/')
    expect(() => assertPayload(payload)).not.toThrow()
    expect(payload.locales).toMatchObject([
      { code: 'de-DE', default: true, fallbackCode: null, optional: false },
      { code: 'en-US', default: false, fallbackCode: 'de-DE', optional: true },
    ])
    const pageFields = payload.contentTypes[0]?.fields as { id: string; localized: boolean }[]
    expect(pageFields.map((field) => [field.id, field.localized])).toEqual([
      ['title', true],
      ['slug', false],
      ['summary', true],
      ['body', true],
      ['language', true],
    ])
    expect(payload.contentTypes.map((type) => type.sys)).toEqual([
      { id: 'page', type: 'ContentType' },
      { id: 'notice', type: 'ContentType' },
      { id: 'stationTeaser', type: 'ContentType' },
    ])
    expect(payload.entries).toHaveLength(snapshot.entries.size)
    const notice = payload.entries.find(
      (entry) => (entry.sys as { id: string }).id === 'koeln-hohenzollernbruecke-sperrung',
    )
    expect(notice?.fields).toMatchObject({
      kind: { 'de-DE': 'Bauarbeiten' },
      validFrom: { 'de-DE': '2026-11-27T22:00:00.000+01:00' },
      stationIds: { 'de-DE': ['8000207', '8003368'] },
      body: { 'de-DE': { nodeType: 'document' } },
    })
    const fieldsOf = (id: string) =>
      payload.entries.find((entry) => (entry.sys as { id: string }).id === id)?.fields as Record<
        string,
        Record<string, unknown>
      >
    // A field by locale where the entry has an English version; one locale where it has none, or
    // where the field is the same in every language.
    const about = fieldsOf('ueber')
    expect(about.title).toEqual({ 'de-DE': 'Über den Bahnhofsfinder', 'en-US': 'About Bahnhofsfinder' })
    expect(about.language).toEqual({ 'de-DE': 'de-DE', 'en-US': 'en-US' })
    expect(about.slug).toEqual({ 'de-DE': 'ueber' })
    expect(Object.keys(about.body ?? {})).toEqual(['de-DE', 'en-US'])
    expect(Object.keys(fieldsOf('leipzig-hbf-aufzug-gleis-10-11').title ?? {})).toEqual(['de-DE'])
    const asset = payload.assets.find((entry) => (entry.sys as { id: string }).id === 'aufzug-symbol')
    expect(asset?.fields).toMatchObject({
      title: { 'de-DE': 'Aufzug-Symbol', 'en-US': 'Lift symbol' },
      file: {
        'de-DE': {
          url: 'https://bahnhofsfinder.example/content/assets/aufzug-symbol.png',
          contentType: 'image/png',
          details: { image: { width: 96, height: 96 } },
        },
      },
    })
  })

  it('would be refused by that validation if a field had no type (the check is real)', async () => {
    const snapshot = await loadContent(join(ROOT, 'content'))
    const payload = buildSpaceImport(snapshot, 'https://bahnhofsfinder.example/content/assets/')
    const broken = {
      ...payload,
      contentTypes: [{ ...payload.contentTypes[0], fields: [{ id: 'title', name: 'Titel' }] }],
    }
    expect(() => assertPayload(broken)).toThrow(/contentTypes/)
  })

  it('is written by npm run export:contentful', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bf-export-'))
    try {
      const out = join(dir, 'space.json')
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['scripts/export-contentful.ts', '--out', out],
        {
          cwd: ROOT,
        },
      )
      expect(stdout).toContain('3 content types')
      const payload = JSON.parse(readFileSync(out, 'utf8'))
      expect(() => assertPayload(payload)).not.toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('npm run export:contentful on the command line', () => {
  /** Runs the script with only these variables of the configuration set. */
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(HOST|PORT|PUBLIC_.*|CONTENT_DIR)$/.test(name)),
      )
      const child = execFile(
        process.execPath,
        ['scripts/export-contentful.ts', ...args],
        { cwd: ROOT, encoding: 'utf8', env: { ...clean, ...env } },
        (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
      )
    })
  const STACK_TRACE = /^\s+at /m

  it('explains itself with --help and exits 0', async () => {
    const { status, stdout, stderr } = await run(['--help'])
    expect(status).toBe(0)
    expect(stdout).toMatch(/^usage: npm run export:contentful -- \[--out FILE\] \[--asset-base-url URL\]/)
    expect(stdout).toContain('--asset-base-url URL')
    expect(stderr).toBe('')
  })

  it('answers a wrong argument with one line and the usage, no stack trace, and exit code 2', async () => {
    for (const args of [['--asset-base-url', 'notaurl'], ['--bogus']]) {
      const { status, stdout, stderr } = await run(args)
      expect(status, args.join(' ')).toBe(2)
      expect(stdout).toBe('')
      const lines = stderr.trim().split('\n')
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(new RegExp(`^export:contentful: .*${args[0]}`))
      expect(lines[1]).toMatch(/^usage: npm run export:contentful/)
      expect(stderr).not.toMatch(STACK_TRACE)
    }
  })

  it('points the images at the configured address and warns that Contentful must reach them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bf-export-'))
    try {
      const out = join(dir, 'space.json')
      const { status, stdout, stderr } = await run(['--out', out], { HOST: '0.0.0.0', PORT: '8123' })
      expect(status).toBe(0)
      expect(stdout).toContain('images from http://127.0.0.1:8123/content/assets/')
      const urls = JSON.parse(readFileSync(out, 'utf8')).assets.map(
        (asset: { fields: { file: { 'de-DE': { url: string } } } }) => asset.fields.file['de-DE'].url,
      )
      expect(urls.length).toBeGreaterThan(0)
      for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8123\/content\/assets\//)
      expect(stderr).toMatch(/^warning: .*a loopback address.*Contentful/m)

      const published = await run(['--out', out], { PUBLIC_CONTENT_URL: 'https://bf.example.org/graphql' })
      expect(published.stdout).toContain('images from https://bf.example.org/content/assets/')
      expect(published.stderr).toMatch(/^warning: .*must be reachable from the internet/m)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says which file it could not write, without a stack trace', async () => {
    const { status, stderr } = await run(['--out', join(tmpdir(), 'bf-no-such-dir', 'x', 'space.json')])
    expect(status).toBe(1)
    expect(stderr).toMatch(/^export:contentful: cannot write .*space\.json: ENOENT/)
    expect(stderr).not.toMatch(STACK_TRACE)
  })
})
