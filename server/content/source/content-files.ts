// What the content loader and the asset loader share: how a file's name says its entry and
// language, the ids they may have, and the sys of what they load.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { DEFAULT_LOCALE, LOCALES } from '../content-model.ts'
import type { EntrySys } from '../content-snapshot.ts'

export const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/** The locale code of each file-name suffix: `en` → en-US. */
const SUFFIX_LOCALES = new Map(
  LOCALES.flatMap((locale) => (locale.fileSuffix ? [[locale.fileSuffix, locale.code] as const] : [])),
)

/** A file's base name as an entry id and, for a version in another language, its locale. */
export function idAndLocale(base: string): { id: string; locale: string } {
  const dot = base.lastIndexOf('.')
  const locale = dot > 0 ? SUFFIX_LOCALES.get(base.slice(dot + 1)) : undefined
  return locale ? { id: base.slice(0, dot), locale } : { id: base, locale: DEFAULT_LOCALE }
}

export function sys(id: string, published: string): EntrySys {
  return { id, publishedAt: published, firstPublishedAt: published, publishedVersion: 1 }
}

export function listFiles(dir: string, folder: string): string[] {
  const path = join(dir, folder)
  if (!existsSync(path)) return []
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort()
}
