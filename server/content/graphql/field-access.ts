// How each GraphQL type's fields are read, filtered and ordered: one table per type, derived from
// the content model, that the schema, the filters and the ordering all use.
import type { Document } from '@contentful/rich-text-types'
import { type ContentTypeSpec, DEFAULT_LOCALE, type FieldKind, fallbackChain } from '../content-model.ts'
import type { ContentAsset, ContentEntry, FieldValue } from '../content-snapshot.ts'

export type AccessKind = Exclude<FieldKind, 'richText'> | 'richText' | 'number'

export interface FieldAccess<T> {
  name: string
  kind: AccessKind
  /** The value in `locale`, or in its fallback when the locale has none (Contentful's fallback). */
  get(item: T, locale: string): unknown
}

/** An item as a query reads it: in the locale asked for, which cascades to what it links to. */
export type InLocale<T> = T & { readonly locale: string }

/** A field's value in a locale: the first of the locale's fallback chain that has one. */
export function entryValue(entry: ContentEntry, field: string, locale: string): FieldValue {
  for (const code of fallbackChain(locale)) {
    const value = code === DEFAULT_LOCALE ? entry.fields[field] : entry.translations?.[code]?.[field]
    if (value !== undefined) return value
  }
  return undefined
}

function assetValue(asset: ContentAsset, field: 'title' | 'description', locale: string): string {
  for (const code of fallbackChain(locale)) {
    const value = code === DEFAULT_LOCALE ? asset[field] : asset.translations?.[code]?.[field]
    if (value !== undefined) return value
  }
  return asset[field]
}

export const SYS_FIELDS: readonly FieldAccess<{ sys: ContentEntry['sys'] }>[] = [
  { name: 'id', kind: 'symbol', get: (item) => item.sys.id },
  { name: 'publishedAt', kind: 'date', get: (item) => item.sys.publishedAt },
  { name: 'firstPublishedAt', kind: 'date', get: (item) => item.sys.firstPublishedAt },
  { name: 'publishedVersion', kind: 'number', get: (item) => item.sys.publishedVersion },
]

export function entryFields(spec: ContentTypeSpec): FieldAccess<ContentEntry>[] {
  return spec.fields.map((field) => ({
    name: field.id,
    kind: field.kind,
    get: (entry, locale) => entryValue(entry, field.id, locale),
  }))
}

export const ASSET_FIELDS: readonly FieldAccess<ContentAsset>[] = [
  { name: 'title', kind: 'symbol', get: (asset, locale) => assetValue(asset, 'title', locale) },
  { name: 'description', kind: 'symbol', get: (asset, locale) => assetValue(asset, 'description', locale) },
  { name: 'url', kind: 'symbol', get: (asset) => asset.fileName },
  { name: 'size', kind: 'number', get: (asset) => asset.size },
  { name: 'contentType', kind: 'symbol', get: (asset) => asset.contentType },
  { name: 'fileName', kind: 'symbol', get: (asset) => asset.fileName },
  { name: 'width', kind: 'number', get: (asset) => asset.width },
  { name: 'height', kind: 'number', get: (asset) => asset.height },
]

/** Plain text of a rich-text document, for `body_contains`. */
export function plainText(node: Document | { value?: string; content?: unknown[] }): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  const children = (node.content ?? []) as { value?: string; content?: unknown[] }[]
  return children.map((child) => plainText(child)).join(' ')
}

/** Filter suffixes per kind, in Contentful's naming (the empty suffix is equality). */
export const FILTER_OPERATORS: Record<AccessKind, readonly string[]> = {
  symbol: ['', '_not', '_exists', '_in', '_not_in', '_contains', '_not_contains'],
  text: ['', '_not', '_exists', '_in', '_not_in', '_contains', '_not_contains'],
  date: ['', '_not', '_exists', '_in', '_not_in', '_gt', '_gte', '_lt', '_lte'],
  number: ['', '_not', '_exists', '_in', '_not_in', '_gt', '_gte', '_lt', '_lte'],
  symbols: ['_exists', '_contains_all', '_contains_some', '_contains_none'],
  richText: ['_exists', '_contains', '_not_contains'],
}

/** Kinds that Contentful lets a collection be ordered by. */
export const ORDERABLE: ReadonlySet<AccessKind> = new Set(['symbol', 'date', 'number'])
