// The content as a Contentful space-import file (contentful-import / `contentful space import`):
// locale de-DE, the content types of the model, every entry and asset, rich text unchanged.
import { CONTENT_TYPES, type FieldSpec, LOCALE } from '../content-model.ts'
import type { ContentSnapshot } from '../content-snapshot.ts'

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
    localized: false,
    required: field.required,
    disabled: false,
    omitted: false,
    validations: field.kind === 'richText' ? RICH_TEXT_VALIDATIONS : validations,
    ...(field.kind === 'symbols' ? { items: { type: 'Symbol', validations: [] } } : {}),
  }
}

/**
 * `assetBaseUrl`: where Contentful fetches the image files from while it processes the import
 * (this server's /content/assets/ reachable from the internet, or any host with the same files).
 */
export function buildSpaceImport(snapshot: ContentSnapshot, assetBaseUrl: string): SpaceImport {
  const localized = (value: unknown) => ({ [LOCALE]: value })
  return {
    locales: [
      {
        name: 'German (Germany)',
        code: LOCALE,
        fallbackCode: null,
        default: true,
        contentManagementApi: true,
        contentDeliveryApi: true,
        optional: false,
      },
    ],
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
      fields: Object.fromEntries(
        Object.entries(entry.fields)
          .filter(([, value]) => value !== undefined)
          .map(([id, value]) => [id, localized(value)]),
      ),
    })),
    assets: [...snapshot.assets.values()].map((asset) => ({
      sys: { id: asset.sys.id, type: 'Asset', publishedVersion: asset.sys.publishedVersion },
      fields: {
        title: localized(asset.title),
        description: localized(asset.description),
        file: localized({
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
