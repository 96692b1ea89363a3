// The content as a Contentful space-import file (contentful-import / `contentful space import`):
// the locales (de-DE, and en-US falling back to it), the content types of the model, every entry and
// asset with each field keyed by locale, rich text unchanged.
import { CONTENT_TYPES, DEFAULT_LOCALE, type FieldSpec, LOCALES } from '../content-model.ts'
import type { ContentEntry, ContentSnapshot } from '../content-snapshot.ts'

const FIELD_TYPE: Record<FieldSpec['kind'], string> = {
  symbol: 'Symbol',
  text: 'Text',
  date: 'Date',
  symbols: 'Array',
  richText: 'RichText',
}

/** What each rich-text field may embed or link to (Contentful's node validations). */
const RICH_TEXT_VALIDATIONS = [
  {
    nodes: {
      'embedded-entry-block': [{ linkContentType: ['stationTeaser'] }],
      'embedded-entry-inline': [{ linkContentType: ['stationTeaser'] }],
      'entry-hyperlink': [{ linkContentType: ['page', 'notice'] }],
    },
  },
]

export interface SpaceImport {
  locales: Record<string, unknown>[]
  contentTypes: Record<string, unknown>[]
  editorInterfaces: Record<string, unknown>[]
  entries: Record<string, unknown>[]
  assets: Record<string, unknown>[]
  tags: Record<string, unknown>[]
  webhooks: Record<string, unknown>[]
}

function fieldDefinition(field: FieldSpec): Record<string, unknown> {
  const validations: unknown[] = []
  if (field.unique) validations.push({ unique: true })
  if (field.oneOf) validations.push({ in: [...field.oneOf] })
  return {
    id: field.id,
    name: field.name,
    type: FIELD_TYPE[field.kind],
    localized: field.localized ?? false,
    required: field.required,
    disabled: false,
    omitted: false,
    validations: field.kind === 'richText' ? RICH_TEXT_VALIDATIONS : validations,
    ...(field.kind === 'symbols' ? { items: { type: 'Symbol', validations: [] } } : {}),
  }
}

/** An entry's fields as Contentful holds them: each field by locale, the default's first. */
function localizedFields(entry: ContentEntry): Record<string, Record<string, unknown>> {
  const fields: Record<string, Record<string, unknown>> = {}
  const versions = [[DEFAULT_LOCALE, entry.fields] as const, ...Object.entries(entry.translations ?? {})]
  for (const [locale, values] of versions) {
    for (const [id, value] of Object.entries(values)) {
      if (value === undefined) continue
      fields[id] ??= {}
      fields[id][locale] = value
    }
  }
  return fields
}

/**
 * `assetBaseUrl`: where Contentful fetches the image files from while it processes the import
 * (this server's /content/assets/ reachable from the internet, or any host with the same files).
 */
export function buildSpaceImport(snapshot: ContentSnapshot, assetBaseUrl: string): SpaceImport {
  const inDefault = (value: unknown) => ({ [DEFAULT_LOCALE]: value })
  return {
    // Only the default locale is required: an entry may be written in German alone.
    locales: LOCALES.map((locale) => ({
      name: locale.name,
      code: locale.code,
      fallbackCode: locale.fallbackCode,
      default: locale.code === DEFAULT_LOCALE,
      contentManagementApi: true,
      contentDeliveryApi: true,
      optional: locale.code !== DEFAULT_LOCALE,
    })),
    contentTypes: CONTENT_TYPES.map((type) => ({
      sys: { id: type.id, type: 'ContentType' },
      name: type.name,
      description: type.description,
      displayField: type.displayField,
      fields: type.fields.map(fieldDefinition),
    })),
    editorInterfaces: [],
    entries: [...snapshot.entries.values()].map((entry) => ({
      sys: {
        id: entry.sys.id,
        type: 'Entry',
        publishedVersion: entry.sys.publishedVersion,
        contentType: { sys: { type: 'Link', linkType: 'ContentType', id: entry.contentType } },
      },
      fields: localizedFields(entry),
    })),
    assets: [...snapshot.assets.values()].map((asset) => ({
      sys: { id: asset.sys.id, type: 'Asset', publishedVersion: asset.sys.publishedVersion },
      fields: {
        title: {
          ...inDefault(asset.title),
          ...Object.fromEntries(
            Object.entries(asset.translations ?? {}).map(([code, meta]) => [code, meta.title]),
          ),
        },
        description: {
          ...inDefault(asset.description),
          ...Object.fromEntries(
            Object.entries(asset.translations ?? {}).map(([code, meta]) => [code, meta.description]),
          ),
        },
        // One file for every locale: English falls back to it.
        file: inDefault({
          url: new URL(encodeURIComponent(asset.fileName), assetBaseUrl).toString(),
          fileName: asset.fileName,
          contentType: asset.contentType,
          details: { size: asset.size, image: { width: asset.width, height: asset.height } },
        }),
      },
    })),
    tags: [],
    webhooks: [],
  }
}
