// What the content service serves: one immutable snapshot of all entries and assets, replaced as a
// whole when the files change, so a query never sees half of an edit.
import type { Document } from '@contentful/rich-text-types'
import type { ContentTypeId } from './content-model.ts'

export interface EntrySys {
  id: string
  /** ISO 8601 with offset (Europe/Berlin). */
  publishedAt: string
  firstPublishedAt: string
  publishedVersion: number
}

export type FieldValue = string | readonly string[] | Document | undefined

/** Field values by field id. */
type Fields = Readonly<Record<string, FieldValue>>

export interface ContentEntry {
  contentType: ContentTypeId
  sys: EntrySys
  /** The default locale's values (de-DE): every field. */
  fields: Fields
  /** Other locales' values by locale code (en-US), localized fields only, those the version has. */
  translations?: Readonly<Record<string, Fields>>
  /** The file the entry comes from, relative to CONTENT_DIR (for messages). */
  file: string
}

export interface ContentAsset {
  sys: EntrySys
  title: string
  description: string
  /** Title and description in other locales, by locale code, where written. */
  translations?: Readonly<Record<string, { title: string; description: string }>>
  fileName: string
  contentType: string
  size: number
  width: number
  height: number
  bytes: Buffer
  file: string
}

export interface ContentSnapshot {
  entries: ReadonlyMap<string, ContentEntry>
  assets: ReadonlyMap<string, ContentAsset>
  /** Changes whenever any served byte changes: part of every ETag. */
  version: string
}
