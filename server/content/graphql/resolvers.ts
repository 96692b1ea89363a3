// Resolvers over one content snapshot per request (context.snapshot), so a query never mixes
// the content before and after a reload.
import type { Document, Node } from '@contentful/rich-text-types'
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { CONTENT_TYPES, type ContentTypeId, ENVIRONMENT_ID, LOCALE, SPACE_ID } from '../content-model.ts'
import type { ContentAsset, ContentEntry, ContentSnapshot, EntrySys } from '../content-snapshot.ts'
import { type CollectionArgs, queryCollection } from './collection-query.ts'
import { contentfulError } from './contentful-error.ts'
import { ASSET_FIELDS, entryFields } from './field-access.ts'

export interface ContentContext {
  snapshot: ContentSnapshot
  /** Absolute URL prefix of asset files, e.g. http://localhost:3000/content/assets/. */
  assetBaseUrl: string
}

type Args = { locale?: string | null; id?: string } & CollectionArgs

interface RichTextValue {
  document: Document
}

function checkLocale(args: { locale?: string | null }): void {
  if (args.locale !== undefined && args.locale !== null && args.locale !== LOCALE) {
    throw contentfulError(
      'UNKNOWN_LOCALE',
      `Query cannot be executed. Requested locale '${args.locale}' does not exist in the space`,
      {
        availableLocaleCodes: [LOCALE],
      },
    )
  }
}

function sysValue(sys: EntrySys) {
  return { ...sys, spaceId: SPACE_ID, environmentId: ENVIRONMENT_ID }
}

function entriesOf(snapshot: ContentSnapshot, type: ContentTypeId): ContentEntry[] {
  return [...snapshot.entries.values()].filter((entry) => entry.contentType === type)
}

/** Link targets in document order, once each, by the node type that links them. */
function linkTargets(document: Document, nodeType: string): string[] {
  const ids: string[] = []
  const visit = (node: Node) => {
    if (node.nodeType === nodeType) {
      const id = (node.data as { target?: { sys?: { id?: string } } }).target?.sys?.id
      if (id && !ids.includes(id)) ids.push(id)
    }
    for (const child of 'content' in node && Array.isArray(node.content) ? (node.content as Node[]) : [])
      visit(child)
  }
  visit(document)
  return ids
}

function jsonLiteral(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, jsonLiteral(field.value)]))
    case Kind.LIST:
      return node.values.map(jsonLiteral)
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value)
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value
    default:
      return null
  }
}

export function buildResolvers(): Record<string, unknown> {
  const resolvers: Record<string, Record<string, unknown> | GraphQLScalarType> = {
    DateTime: new GraphQLScalarType({
      name: 'DateTime',
      serialize: (value) => String(value),
      parseValue: (value) => {
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
          throw new TypeError('DateTime must be an ISO 8601 string')
        return value
      },
      parseLiteral: (node) => {
        if (node.kind !== Kind.STRING || Number.isNaN(Date.parse(node.value)))
          throw new TypeError('DateTime must be an ISO 8601 string')
        return node.value
      },
    }),
    JSON: new GraphQLScalarType({
      name: 'JSON',
      serialize: (value) => value,
      parseValue: (value) => value,
      parseLiteral: jsonLiteral,
    }),
    Entry: {
      __resolveType: (entry: ContentEntry) =>
        CONTENT_TYPES.find((type) => type.id === entry.contentType)?.typeName,
    },
    Query: {},
  }
  const query = resolvers.Query as Record<string, unknown>

  for (const type of CONTENT_TYPES) {
    const field = type.id
    const fields = entryFields(type.typeName)
    query[field] = (_: unknown, args: Args, context: ContentContext) => {
      checkLocale(args)
      const entry = context.snapshot.entries.get(args.id ?? '')
      return entry?.contentType === type.id ? entry : null
    }
    query[`${field}Collection`] = (_: unknown, args: Args, context: ContentContext) => {
      checkLocale(args)
      return queryCollection(entriesOf(context.snapshot, type.id), fields, args)
    }
    const typeResolvers: Record<string, unknown> = { sys: (entry: ContentEntry) => sysValue(entry.sys) }
    for (const spec of type.fields) {
      typeResolvers[spec.id] = (entry: ContentEntry, args: Args): unknown => {
        checkLocale(args)
        const value = entry.fields[spec.id]
        if (spec.kind === 'richText')
          return value ? ({ document: value as Document } satisfies RichTextValue) : null
        return value ?? null
      }
      if (spec.kind === 'richText') {
        const owner = `${type.typeName}${spec.id.charAt(0).toUpperCase()}${spec.id.slice(1)}`
        resolvers[owner] = {
          json: (value: RichTextValue) => value.document,
          links: (value: RichTextValue) => value,
        }
        resolvers[`${owner}Links`] = {
          entries: (value: RichTextValue) => value,
          assets: (value: RichTextValue) => value,
        }
        const entries = (nodeType: string) => (value: RichTextValue, _: Args, context: ContentContext) =>
          linkTargets(value.document, nodeType).map((id) => context.snapshot.entries.get(id) ?? null)
        const assets = (nodeType: string) => (value: RichTextValue, _: Args, context: ContentContext) =>
          linkTargets(value.document, nodeType).map((id) => context.snapshot.assets.get(id) ?? null)
        resolvers[`${owner}Entries`] = {
          block: entries('embedded-entry-block'),
          inline: entries('embedded-entry-inline'),
          hyperlink: entries('entry-hyperlink'),
        }
        resolvers[`${owner}Assets`] = {
          block: assets('embedded-asset-block'),
          hyperlink: assets('asset-hyperlink'),
        }
      }
    }
    resolvers[type.typeName] = typeResolvers
  }

  query.asset = (_: unknown, args: Args, context: ContentContext) => {
    checkLocale(args)
    return context.snapshot.assets.get(args.id ?? '') ?? null
  }
  query.assetCollection = (_: unknown, args: Args, context: ContentContext) => {
    checkLocale(args)
    return queryCollection([...context.snapshot.assets.values()], ASSET_FIELDS, args)
  }
  const assetResolvers: Record<string, unknown> = { sys: (asset: ContentAsset) => sysValue(asset.sys) }
  for (const field of ASSET_FIELDS) {
    assetResolvers[field.name] = (asset: ContentAsset, args: Args) => {
      checkLocale(args)
      return field.get(asset)
    }
  }
  assetResolvers.url = (asset: ContentAsset, args: Args, context: ContentContext) => {
    checkLocale(args)
    return `${context.assetBaseUrl}${encodeURIComponent(asset.fileName)}`
  }
  resolvers.Asset = assetResolvers
  return resolvers
}
