// Reads CONTENT_DIR (pages/, notices/, assets/) into one snapshot, or throws a ContentError that
// names the file and line of the first problem. A page or notice is written in German (`ueber.md`);
// its English version, where there is one, lies beside it (`ueber.en.md`) and holds only what
// differs by language: title, summary and text.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { type ContentTypeId, contentType, DEFAULT_LOCALE, type FieldSpec } from '../content-model.ts'
import type { ContentEntry, ContentSnapshot, FieldValue } from '../content-snapshot.ts'
import { loadAssets } from './asset-loader.ts'
import { parseBerlinDate, toBerlinIso } from './berlin-dates.ts'
import { ContentError } from './content-error.ts'
import { ID, idAndLocale, listFiles, sys } from './content-files.ts'
import { type FrontMatter, splitFrontMatter } from './front-matter.ts'
import { markdownToRichText } from './markdown-body.ts'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const SYMBOL_MAX = 256
const TEXT_MAX = 50_000
/** The folders and the content type of the Markdown files in them. */
const FOLDERS: readonly [string, ContentTypeId][] = [
  ['pages', 'page'],
  ['notices', 'notice'],
]

interface Draft {
  id: string
  type: ContentTypeId
  file: string
  matter: FrontMatter
  published: string
  /** The versions in other languages, from `<id>.<suffix>.md` beside the file. */
  versions: Version[]
}

interface Version {
  locale: string
  file: string
  matter: FrontMatter
}

export async function loadContent(dir: string): Promise<ContentSnapshot> {
  if (!existsSync(dir)) throw new ContentError(dir, 1, 'CONTENT_DIR does not exist')
  const assets = loadAssets(dir)
  const drafts: Draft[] = []
  for (const [folder, type] of FOLDERS) {
    const versions: (Version & { id: string })[] = []
    const changed = new Map<string, Date>()
    for (const name of listFiles(dir, folder)) {
      if (extname(name) !== '.md') continue
      const file = `${folder}/${name}`
      const path = join(dir, file)
      const { id, locale } = idAndLocale(name.slice(0, -3))
      if (!ID.test(id))
        throw new ContentError(file, 1, 'file names are letters, digits, ".", "_" and "-" (≤ 64)')
      const matter = splitFrontMatter(file, readFileSync(path, 'utf8'))
      const mtime = statSync(path).mtime
      if (mtime > (changed.get(id) ?? 0)) changed.set(id, mtime)
      if (locale !== DEFAULT_LOCALE) versions.push({ id, locale, file, matter })
      else drafts.push({ id, type, file, matter, published: '', versions: [] })
    }
    for (const version of versions) {
      const draft = drafts.find((other) => other.id === version.id && other.type === type)
      if (!draft) {
        throw new ContentError(
          version.file,
          1,
          `a version in ${version.locale} of "${version.id}", but there is no ${folder}/${version.id}.md`,
        )
      }
      draft.versions.push(version)
    }
    // Without a date in the front matter, an entry is as new as the latest of its files.
    for (const draft of drafts.filter((one) => one.type === type)) {
      draft.published =
        dateField(draft.file, draft.matter, 'published', false) ??
        toBerlinIso(changed.get(draft.id) ?? new Date())
    }
  }

  const entries = new Map<string, ContentEntry>()
  const ids = new Set<string>([...drafts.map((draft) => draft.id)])
  for (const draft of drafts) {
    if (drafts.filter((other) => other.id === draft.id).length > 1) {
      throw new ContentError(draft.file, 1, `another page or notice has the same file name "${draft.id}"`)
    }
  }
  const teasers = new Map<string, ContentEntry>()
  for (const draft of drafts) {
    const embeds = {
      assetId: (fileName: string) =>
        [...assets.values()].find((asset) => asset.fileName === fileName)?.sys.id,
      hasEntry: (id: string) => ids.has(id),
      stationTeaserId(stationId: string, title: string | undefined) {
        const key = `${stationId}\u0000${title ?? ''}`
        const existing = teasers.get(key)
        if (existing) return existing.sys.id
        const id = title ? `station-${stationId}-${shortHash(title)}` : `station-${stationId}`
        teasers.set(key, {
          contentType: 'stationTeaser',
          sys: sys(id, draft.published),
          fields: { stationId, title },
          file: draft.file,
        })
        return id
      },
    }
    const fields = readFields(draft)
    fields.body = await markdownToRichText(draft.file, draft.matter.body, draft.matter.bodyLine, embeds)
    const translations: Record<string, Record<string, FieldValue>> = {}
    for (const version of draft.versions) {
      const translated = readTranslatedFields(draft, version)
      const { file, matter } = version
      translated.body = await markdownToRichText(file, matter.body, matter.bodyLine, embeds)
      translations[version.locale] = translated
    }
    entries.set(draft.id, {
      contentType: draft.type,
      sys: sys(draft.id, draft.published),
      fields,
      ...(draft.versions.length > 0 ? { translations } : {}),
      file: draft.file,
    })
  }
  checkUniqueSlugs(entries)
  for (const teaser of teasers.values()) entries.set(teaser.sys.id, teaser)

  const version = createHash('sha256')
  version.update(JSON.stringify([...entries.values()]))
  for (const asset of assets.values()) version.update(asset.fileName).update(asset.bytes).update(asset.title)
  return { entries, assets, version: version.digest('base64url').slice(0, 16) }
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 6)
}

function readFields(draft: Draft): Record<string, FieldValue> {
  const { file, matter } = draft
  const spec = contentType(draft.type)
  const written = spec.fields.filter((field) => !field.derived)
  const known = new Set([...written.map((field) => field.id), 'published'])
  for (const key of Object.keys(matter.data)) {
    if (!known.has(key) || key === 'body') {
      const allowed = [...known].filter((name) => name !== 'body').join(', ')
      throw new ContentError(file, matter.lineOf(key), `unknown field "${key}" (known: ${allowed})`)
    }
  }
  const fields: Record<string, FieldValue> = {}
  for (const field of written) {
    if (field.kind === 'richText') continue
    fields[field.id] = readField(draft, field)
  }
  fields.slug ??= draft.id
  fields.language = DEFAULT_LOCALE
  if (!SLUG.test(String(fields.slug))) {
    throw new ContentError(
      file,
      matter.lineOf('slug'),
      `slug "${fields.slug}": lower-case letters, digits and "-"`,
    )
  }
  if (typeof fields.validFrom === 'string' && typeof fields.validUntil === 'string') {
    if (Date.parse(fields.validUntil) < Date.parse(fields.validFrom)) {
      throw new ContentError(file, matter.lineOf('validUntil'), 'validUntil is before validFrom')
    }
  }
  return fields
}

/**
 * The fields of a version in another language: only the localized ones, the required among them
 * required here too; a field that is the same in every language belongs in the German file.
 */
function readTranslatedFields(draft: Draft, version: Version): Record<string, FieldValue> {
  const spec = contentType(draft.type)
  const own = spec.fields.filter((field) => field.localized && !field.derived)
  const allowed = own.filter((field) => field.kind !== 'richText').map((field) => field.id)
  for (const key of Object.keys(version.matter.data)) {
    if (allowed.includes(key)) continue
    const shared = key === 'published' || spec.fields.some((field) => field.id === key && !field.derived)
    throw new ContentError(
      version.file,
      version.matter.lineOf(key),
      shared
        ? `"${key}" is the same in every language: it belongs in ${draft.file}`
        : `unknown field "${key}" (known: ${allowed.join(', ')})`,
    )
  }
  const fields: Record<string, FieldValue> = {}
  const source = { file: version.file, matter: version.matter }
  for (const field of own) {
    if (field.kind !== 'richText') fields[field.id] = readField(source, field)
  }
  fields.language = version.locale
  return fields
}

function readField(draft: Pick<Draft, 'file' | 'matter'>, field: FieldSpec): FieldValue {
  const { file, matter } = draft
  const line = matter.lineOf(field.id)
  const raw = matter.data[field.id]
  // The slug defaults to the file name.
  const required = field.required && field.id !== 'slug'
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw new ContentError(file, line, `"${field.id}" is required`)
    return undefined
  }
  const scalar = (value: unknown): string => {
    if (typeof value === 'string') return value.trim()
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
    throw new ContentError(file, line, `"${field.id}" must be a text`)
  }
  switch (field.kind) {
    case 'symbol': {
      const value = scalar(raw)
      if (value.length > SYMBOL_MAX)
        throw new ContentError(file, line, `"${field.id}" is longer than ${SYMBOL_MAX}`)
      if (field.oneOf && !field.oneOf.includes(value)) {
        throw new ContentError(file, line, `"${field.id}" must be one of ${field.oneOf.join(', ')}`)
      }
      return value
    }
    case 'text': {
      const value = scalar(raw)
      if (value.length > TEXT_MAX)
        throw new ContentError(file, line, `"${field.id}" is longer than ${TEXT_MAX}`)
      return value
    }
    case 'date':
      return dateField(file, matter, field.id, field.id === 'validUntil')
    case 'symbols': {
      const list = Array.isArray(raw) ? raw : [raw]
      const values = list.map(scalar)
      if (required && values.length === 0)
        throw new ContentError(file, line, `"${field.id}" needs at least one value`)
      return values
    }
    case 'richText':
      return undefined
  }
}

function dateField(file: string, matter: FrontMatter, key: string, endOfDay: boolean): string | undefined {
  const raw = matter.data[key]
  if (raw === undefined || raw === null || raw === '') return undefined
  const parsed = typeof raw === 'string' ? parseBerlinDate(raw, { endOfDay }) : undefined
  if (!parsed) {
    throw new ContentError(
      file,
      matter.lineOf(key),
      `"${key}" must be a date like 2026-11-23 or 2026-11-23 06:00`,
    )
  }
  return parsed
}

function checkUniqueSlugs(entries: Map<string, ContentEntry>): void {
  const seen = new Map<string, ContentEntry>()
  for (const entry of entries.values()) {
    const key = `${entry.contentType}:${String(entry.fields.slug)}`
    const other = seen.get(key)
    if (other)
      throw new ContentError(entry.file, 1, `slug "${entry.fields.slug}" is also used by ${other.file}`)
    seen.set(key, entry)
  }
}
