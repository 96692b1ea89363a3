// Reads the images in assets/ with their descriptions, in every language written.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { LOCALES } from '../content-model.ts'
import type { ContentAsset } from '../content-snapshot.ts'
import { toBerlinIso } from './berlin-dates.ts'
import { ContentError } from './content-error.ts'
import { ID, idAndLocale, listFiles, sys } from './content-files.ts'
import { splitFrontMatter } from './front-matter.ts'
import { IMAGE_EXTENSIONS, readImageInfo } from './image-size.ts'

/**
 * Images in assets/, each described by a YAML file of the same base name (title, description), and in
 * another language by one with its suffix (`plan.en.yml`).
 */
export function loadAssets(dir: string): Map<string, ContentAsset> {
  const assets = new Map<string, ContentAsset>()
  const names = listFiles(dir, 'assets')
  for (const name of names) {
    const extension = extname(name)
    if (extension === '.yml' || extension === '.yaml') {
      const base = idAndLocale(name.slice(0, -extension.length)).id
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
    const translations: Record<string, { title: string; description: string }> = {}
    for (const locale of LOCALES) {
      const translated = locale.fileSuffix && `assets/${id}.${locale.fileSuffix}.yml`
      if (translated && existsSync(join(dir, translated)))
        translations[locale.code] = readAssetMeta(dir, translated)
    }
    const published = toBerlinIso(statSync(join(dir, file)).mtime)
    assets.set(id, {
      sys: sys(id, published),
      ...meta,
      ...(Object.keys(translations).length > 0 ? { translations } : {}),
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
