// How each GraphQL type's fields are read, filtered and ordered: one table per type, derived from
// the content model, that the schema, the filters and the ordering all use.
import type { Document } from '@contentful/rich-text-types'
import type { ContentTypeSpec, FieldKind } from '../content-model.ts'
import type { ContentAsset, ContentEntry } from '../content-snapshot.ts'

export type AccessKind = Exclude<FieldKind, 'richText'> | 'richText' | 'number'

export interface FieldAccess<T> {
  name: string
  kind: AccessKind
  get(item: T): unknown
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
    get: (entry) => entry.fields[field.id],
  }))
}

export const ASSET_FIELDS: readonly FieldAccess<ContentAsset>[] = [
  { name: 'title', kind: 'symbol', get: (asset) => asset.title },
  { name: 'description', kind: 'symbol', get: (asset) => asset.description },
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
