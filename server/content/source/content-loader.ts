// Reads CONTENT_DIR (pages/, notices/, assets/) into one snapshot, or throws a ContentError that
// names the file and line of the first problem.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { type ContentTypeId, contentType, type FieldSpec } from '../content-model.ts'
import type {
  ContentAsset,
  ContentEntry,
  ContentSnapshot,
  EntrySys,
  FieldValue,
} from '../content-snapshot.ts'
import { parseBerlinDate, toBerlinIso } from './berlin-dates.ts'
import { ContentError } from './content-error.ts'
import { type FrontMatter, splitFrontMatter } from './front-matter.ts'
import { IMAGE_EXTENSIONS, readImageInfo } from './image-size.ts'
import { markdownToRichText } from './markdown-body.ts'

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
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
}

export async function loadContent(dir: string): Promise<ContentSnapshot> {
  if (!existsSync(dir)) throw new ContentError(dir, 1, 'CONTENT_DIR does not exist')
  const assets = loadAssets(dir)
  const drafts: Draft[] = []
  for (const [folder, type] of FOLDERS) {
    for (const name of listFiles(dir, folder)) {
      if (extname(name) !== '.md') continue
      const file = `${folder}/${name}`
      const path = join(dir, file)
      const id = name.slice(0, -3)
      if (!ID.test(id))
        throw new ContentError(file, 1, 'file names are letters, digits, ".", "_" and "-" (≤ 64)')
      const matter = splitFrontMatter(file, readFileSync(path, 'utf8'))
      const published = dateField(file, matter, 'published', false) ?? toBerlinIso(statSync(path).mtime)
      drafts.push({ id, type, file, matter, published })
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
    const fields = readFields(draft)
    fields.body = await markdownToRichText(draft.file, draft.matter.body, draft.matter.bodyLine, {
      assetId: (fileName) => [...assets.values()].find((asset) => asset.fileName === fileName)?.sys.id,
      hasEntry: (id) => ids.has(id),
      stationTeaserId(stationId, title) {
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
    })
    entries.set(draft.id, {
      contentType: draft.type,
      sys: sys(draft.id, draft.published),
      fields,
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

function sys(id: string, published: string): EntrySys {
  return { id, publishedAt: published, firstPublishedAt: published, publishedVersion: 1 }
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 6)
}

function listFiles(dir: string, folder: string): string[] {
  const path = join(dir, folder)
  if (!existsSync(path)) return []
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
}

/** Images in assets/, each described by a YAML file of the same base name (title, description). */
function loadAssets(dir: string): Map<string, ContentAsset> {
  const assets = new Map<string, ContentAsset>()
  const names = listFiles(dir, 'assets')
  for (const name of names) {
    const extension = extname(name)
    if (extension === '.yml' || extension === '.yaml') {
      const base = name.slice(0, -extension.length)
      if (!names.some((other) => other !== name && other.slice(0, -extname(other).length) === base)) {
        throw new ContentError(`assets/${name}`, 1, `describes "${base}", but there is no image of that name`)
      }
      continue
    }
    const file = `assets/${name}`
    if (!IMAGE_EXTENSIONS.includes(extension.toLowerCase())) {
      throw new ContentError(file, 1, `not an image this service serves (${IMAGE_EXTENSIONS.join(', ')})`)
    }
    const id = name.slice(0, -extension.length)
    if (!ID.test(id))
      throw new ContentError(file, 1, 'file names are letters, digits, ".", "_" and "-" (≤ 64)')
    if (assets.has(id)) throw new ContentError(file, 1, `another image is also called "${id}"`)
    const bytes = readFileSync(join(dir, file))
    let info: ReturnType<typeof readImageInfo>
    try {
      info = readImageInfo(extension, bytes)
    } catch (error) {
      throw new ContentError(file, 1, (error as Error).message)
    }
    const describedBy = `assets/${id}.yml`
    if (!existsSync(join(dir, describedBy))) {
      throw new ContentError(
        describedBy,
        1,
        `missing: every image needs "title" and "description" (alt text)`,
      )
    }
    const meta = readAssetMeta(dir, describedBy)
    const published = toBerlinIso(statSync(join(dir, file)).mtime)
    assets.set(id, {
      sys: sys(id, published),
      ...meta,
      fileName: name,
      size: bytes.length,
      ...info,
      bytes,
      file,
    })
  }
  return assets
}

function readAssetMeta(dir: string, file: string): { title: string; description: string } {
  const matter = splitFrontMatter(file, `---\n${readFileSync(join(dir, file), 'utf8')}\n---\n`)
  // splitFrontMatter counts the added "---" as line 1: shift back to the file's lines.
  const at = (key: string) => Math.max(1, matter.lineOf(key) - 1)
  const text = (key: string) => {
    const value = matter.data[key]
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ContentError(file, at(key), `"${key}" is required (a text)`)
    }
    return value.trim()
  }
  for (const key of Object.keys(matter.data)) {
    if (key !== 'title' && key !== 'description')
      throw new ContentError(file, at(key), `unknown field "${key}"`)
  }
  return { title: text('title'), description: text('description') }
}

function readFields(draft: Draft): Record<string, FieldValue> {
  const { file, matter } = draft
  const spec = contentType(draft.type)
  const known = new Set([...spec.fields.map((field) => field.id), 'published'])
  for (const key of Object.keys(matter.data)) {
    if (!known.has(key) || key === 'body') {
      const allowed = [...known].filter((name) => name !== 'body').join(', ')
      throw new ContentError(file, matter.lineOf(key), `unknown field "${key}" (known: ${allowed})`)
    }
  }
  const fields: Record<string, FieldValue> = {}
  for (const field of spec.fields) {
    if (field.kind === 'richText') continue
    fields[field.id] = readField(draft, field)
  }
  fields.slug ??= draft.id
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

function readField(draft: Draft, field: FieldSpec): FieldValue {
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
