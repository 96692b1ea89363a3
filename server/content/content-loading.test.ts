// Content files as an editor meets them: a broken file stops the start naming file and line,
// edits are served without a restart, a broken edit keeps the last good content.
import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ContentApp,
  graphql,
  SAMPLE_FILES,
  startContentApp,
} from '../../tests/helpers/content-fixture.ts'
import { allStations } from '../../tests/helpers/stations.ts'
import { ContentError } from './source/content-error.ts'
import { loadContent } from './source/content-loader.ts'
import { loadContentApart } from './source/content-thread.ts'

const started: ContentApp[] = []
afterEach(async () => {
  for (const content of started.splice(0)) await content.close()
})

async function start(files: Record<string, string | Buffer> = SAMPLE_FILES, watch = false) {
  const content = await startContentApp({ files, watch })
  started.push(content)
  return content
}

describe('a broken file at start', () => {
  const broken = (name: string, text: string) => ({ ...SAMPLE_FILES, [name]: text })

  it.each([
    [
      'bad YAML',
      'notices/beta.md',
      '---\ntitle: B\ntitle: C\n---\n\nText.\n',
      'notices/beta.md:3: front matter:',
    ],
    [
      'a missing field',
      'pages/hilfe.md',
      '---\nsummary: ohne Titel\n---\n\nText.\n',
      'pages/hilfe.md:1: "title" is required',
    ],
    [
      'an unknown kind',
      'notices/alpha.md',
      String(SAMPLE_FILES['notices/alpha.md']).replace('kind: Aufzug', 'kind: Stau'),
      'notices/alpha.md:3: "kind" must be one of',
    ],
    [
      'a date that is none',
      'notices/alpha.md',
      String(SAMPLE_FILES['notices/alpha.md']).replace('2026-11-27', '2026-11-31'),
      'notices/alpha.md:5: "validUntil" must be a date',
    ],
    [
      'an image not in assets/',
      'pages/hilfe.md',
      '---\ntitle: H\n---\n\nText.\n\n![Fehlt](fehlt.png)\n',
      'pages/hilfe.md:7: image "fehlt.png" is not a file in assets/',
    ],
    [
      'a javascript: link',
      'pages/hilfe.md',
      '---\ntitle: H\n---\n\nEins.\n\nZwei [klick](javascript:alert(1)).\n',
      'pages/hilfe.md:7: link "javascript:alert(1)"',
    ],
    [
      'HTML',
      'pages/hilfe.md',
      '---\ntitle: H\n---\n\n<div>x</div>\n',
      'pages/hilfe.md:5: HTML is not allowed',
    ],
    [
      'rich text Contentful refuses (a list in a quote)',
      'pages/hilfe.md',
      '---\ntitle: H\n---\n\n> - Eins\n',
      'pages/hilfe.md:5: not valid rich text',
    ],
    [
      'an English version without its German file',
      'pages/neu.en.md',
      '---\ntitle: New\n---\n\nText.\n',
      'pages/neu.en.md:1: a version in en-US of "neu", but there is no pages/neu.md',
    ],
    [
      'a field of every language in the English version',
      'notices/alpha.en.md',
      '---\ntitle: Lift A\nkind: Aufzug\nsummary: Broken.\n---\n\nText.\n',
      'notices/alpha.en.md:3: "kind" is the same in every language: it belongs in notices/alpha.md',
    ],
    [
      'an English version without its title',
      'pages/ueber.en.md',
      '---\nsummary: Who we are.\n---\n\nText.\n',
      'pages/ueber.en.md:1: "title" is required',
    ],
    [
      'a language written by hand (the files say it)',
      'pages/hilfe.md',
      '---\ntitle: H\nlanguage: en-US\n---\n\nText.\n',
      'pages/hilfe.md:3: unknown field "language"',
    ],
    [
      'an English description of an image that is not there',
      'assets/fehlt.en.yml',
      'title: Missing\ndescription: Missing\n',
      'assets/fehlt.en.yml:1: describes "fehlt", but there is no image of that name',
    ],
  ])('stops the start on %s, naming file and line', async (_what, name, text, message) => {
    await expect(start(broken(name, text))).rejects.toThrow(message)
  })

  it('needs a description (alt text) for every image', async () => {
    const { 'assets/plan.yml': _described, ...files } = SAMPLE_FILES
    await expect(start(files)).rejects.toThrow('assets/plan.yml:1: missing')
  })
})

describe('edits while running', () => {
  const waitForReload = (content: ContentApp) =>
    new Promise<{ ok: boolean; error?: Error }>((resolve) => {
      const stop = content.app.context.content.onReload((outcome) => {
        stop()
        resolve(outcome)
      })
    })

  it('serves an edited file without a restart', async () => {
    const content = await start(SAMPLE_FILES, true)
    const before = await graphql(content.app, '{ page(id: "hilfe") { title } }')
    expect(before.data).toEqual({ page: { title: 'Hilfe' } })
    const reloaded = waitForReload(content)
    writeFileSync(join(content.contentDir, 'pages/hilfe.md'), '---\ntitle: Hilfe zur Suche\n---\n\nNeu.\n')
    expect((await reloaded).ok).toBe(true)
    const after = await graphql(content.app, '{ page(id: "hilfe") { title } }')
    expect(after.data).toEqual({ page: { title: 'Hilfe zur Suche' } })
  })

  it('keeps the last good content when an edit breaks a file, and logs the error', async () => {
    const content = await start(SAMPLE_FILES, true)
    const reloaded = waitForReload(content)
    writeFileSync(
      join(content.contentDir, 'pages/hilfe.md'),
      '---\ntitle: Neu\ntitle: doppelt\n---\n\nNeu.\n',
    )
    const outcome = await reloaded
    expect(outcome.ok).toBe(false)
    expect(outcome.error?.message).toMatch(/^pages\/hilfe\.md:3:/)
    const after = await graphql(content.app, '{ page(id: "hilfe") { title } }')
    expect(after.data).toEqual({ page: { title: 'Hilfe' } })
  })

  it('changes the ETag of a query when the content changes', async () => {
    const content = await start(SAMPLE_FILES)
    const url = `/graphql?query=${encodeURIComponent('{ page(id: "hilfe") { title } }')}`
    const first = await content.app.inject({ method: 'GET', url })
    writeFileSync(join(content.contentDir, 'pages/hilfe.md'), '---\ntitle: Anders\n---\n\nNeu.\n')
    await content.app.context.content.reload()
    const second = await content.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(second.statusCode).toBe(200)
    expect(second.json().data).toEqual({ page: { title: 'Anders' } })
  })
})

describe('the shipped content', () => {
  it('has the six pages, at least 12 notices of every kind, and embeds station teasers and images', async () => {
    const snapshot = await loadContent(join(import.meta.dirname, '../../content'))
    const entries = [...snapshot.entries.values()]
    const slugs = entries.filter((entry) => entry.contentType === 'page').map((entry) => entry.fields.slug)
    expect(slugs.sort()).toEqual([
      'barrierefrei-reisen',
      'datenschutz',
      'hilfe',
      'impressum',
      'startseite',
      'ueber',
    ])
    const notices = entries.filter((entry) => entry.contentType === 'notice')
    expect(notices.length).toBeGreaterThanOrEqual(12)
    expect(new Set(notices.map((notice) => notice.fields.kind))).toEqual(
      new Set(['Bauarbeiten', 'Aufzug', 'Information']),
    )
    expect(entries.some((entry) => entry.contentType === 'stationTeaser')).toBe(true)
    expect(snapshot.assets.size).toBeGreaterThanOrEqual(2)
    // Every station a notice or teaser names is a real station of the search index.
    const known = new Set((await allStations()).map((station) => station.objectID))
    const named = entries.flatMap((entry) => [
      ...((entry.fields.stationIds as readonly string[] | undefined) ?? []),
      ...(typeof entry.fields.stationId === 'string' ? [entry.fields.stationId] : []),
    ])
    expect(named.filter((id) => !known.has(id))).toEqual([])
  })

  it('has English versions of the pages Über, Barrierefrei reisen, Hilfe and Startseite', async () => {
    const snapshot = await loadContent(join(import.meta.dirname, '../../content'))
    for (const id of ['ueber', 'barrierefrei-reisen', 'hilfe', 'startseite']) {
      expect(snapshot.entries.get(id)?.translations?.['en-US']).toMatchObject({
        title: expect.any(String),
        body: { nodeType: 'document' },
        language: 'en-US',
      })
    }
  })
})

describe('English versions', () => {
  it('hold the localized fields beside the German ones; images have theirs from <name>.en.yml', async () => {
    const content = await start()
    const snapshot = await loadContent(content.contentDir)
    const about = snapshot.entries.get('ueber')
    expect(about?.fields).toMatchObject({ title: 'Über uns', slug: 'ueber', language: 'de-DE' })
    expect(about?.translations).toEqual({
      'en-US': {
        title: 'About us',
        summary: 'Who we are.',
        body: expect.objectContaining({ nodeType: 'document' }),
        language: 'en-US',
      },
    })
    expect(snapshot.entries.get('hilfe')?.translations).toBeUndefined()
    expect(snapshot.assets.get('plan')?.translations).toEqual({
      'en-US': { title: 'Map', description: 'Site map of the station' },
    })
  })

  it('date an entry without a date of its own by the newer of its files', async () => {
    const content = await start()
    const german = join(content.contentDir, 'pages/hilfe.md')
    const english = join(content.contentDir, 'pages/hilfe.en.md')
    writeFileSync(english, '---\ntitle: Help\n---\n\n1. Type\n')
    // hilfe.md has a date of its own: drop it, and make the English file the newer one.
    writeFileSync(german, '---\ntitle: Hilfe\n---\n\n1. Tippen\n')
    utimesSync(german, new Date('2026-11-02T09:00:00Z'), new Date('2026-11-02T09:00:00Z'))
    utimesSync(english, new Date('2026-11-05T09:00:00Z'), new Date('2026-11-05T09:00:00Z'))
    const snapshot = await loadContent(content.contentDir)
    expect(snapshot.entries.get('hilfe')?.sys.publishedAt).toBe('2026-11-05T10:00:00.000+01:00')
  })
})

describe('the content read in a thread of its own', () => {
  it('is the snapshot the loader makes, asset bytes as Buffers', async () => {
    const dir = join(import.meta.dirname, '../../content')
    const [here, apart] = await Promise.all([loadContent(dir), loadContentApart(dir)])
    expect(apart).toEqual(here)
    for (const asset of apart.assets.values()) expect(Buffer.isBuffer(asset.bytes)).toBe(true)
  })

  it('rejects with a ContentError naming file and line, as the loader does', async () => {
    const content = await startContentApp({ files: SAMPLE_FILES, watch: false })
    started.push(content)
    writeFileSync(join(content.contentDir, 'pages/hilfe.md'), '---\ntitle: H\n---\n\n<div>x</div>\n')
    const error = await loadContentApart(content.contentDir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContentError)
    expect(error).toMatchObject({
      file: 'pages/hilfe.md',
      line: 5,
      message: expect.stringMatching(/^pages\/hilfe\.md:5: HTML is not allowed/),
    })
  })
})
