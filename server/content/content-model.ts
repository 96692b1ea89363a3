// The content model shared by the content service, its GraphQL schema and the Contentful export:
// one description, so that the local service and a Contentful space cannot drift apart.

export type FieldKind = 'symbol' | 'text' | 'date' | 'symbols' | 'richText'

export interface FieldSpec {
  id: string
  name: string
  kind: FieldKind
  required: boolean
  unique?: boolean
  /** Allowed values (Contentful's `in` validation). */
  oneOf?: readonly string[]
}

export interface ContentTypeSpec {
  id: ContentTypeId
  /** GraphQL type name: the id in PascalCase, as Contentful derives it. */
  typeName: string
  name: string
  description: string
  displayField: string
  fields: readonly FieldSpec[]
}

export type ContentTypeId = 'page' | 'notice' | 'stationTeaser'

const NOTICE_KINDS = ['Bauarbeiten', 'Aufzug', 'Information'] as const

export const LOCALE = 'de-DE'
export const SPACE_ID = 'bahnhofsfinder'
export const ENVIRONMENT_ID = 'master'

export const CONTENT_TYPES: readonly ContentTypeSpec[] = [
  {
    id: 'page',
    typeName: 'Page',
    name: 'Seite',
    description: 'Redaktionelle Seite unter /info/<slug>',
    displayField: 'title',
    fields: [
      { id: 'title', name: 'Titel', kind: 'symbol', required: true },
      { id: 'slug', name: 'Slug', kind: 'symbol', required: true, unique: true },
      { id: 'summary', name: 'Kurzfassung', kind: 'text', required: false },
      { id: 'body', name: 'Text', kind: 'richText', required: true },
    ],
  },
  {
    id: 'notice',
    typeName: 'Notice',
    name: 'Meldung',
    description: 'Bauarbeiten, Aufzugsstörungen und Informationen zu Bahnhöfen',
    displayField: 'title',
    fields: [
      { id: 'title', name: 'Titel', kind: 'symbol', required: true },
      { id: 'slug', name: 'Slug', kind: 'symbol', required: true, unique: true },
      { id: 'kind', name: 'Art', kind: 'symbol', required: true, oneOf: NOTICE_KINDS },
      { id: 'validFrom', name: 'Gültig ab', kind: 'date', required: true },
      { id: 'validUntil', name: 'Gültig bis', kind: 'date', required: false },
      { id: 'stationIds', name: 'Bahnhöfe (IDs)', kind: 'symbols', required: true },
      { id: 'summary', name: 'Kurzfassung', kind: 'text', required: true },
      { id: 'body', name: 'Text', kind: 'richText', required: true },
    ],
  },
  {
    id: 'stationTeaser',
    typeName: 'StationTeaser',
    name: 'Bahnhofskarte',
    description: 'Eingebettete Karte eines Bahnhofs (live aus der Suche)',
    displayField: 'stationId',
    fields: [
      { id: 'stationId', name: 'Bahnhof (ID)', kind: 'symbol', required: true },
      { id: 'title', name: 'Titel', kind: 'symbol', required: false },
    ],
  },
]

export function contentType(id: ContentTypeId): ContentTypeSpec {
  const spec = CONTENT_TYPES.find((type) => type.id === id)
  if (!spec) throw new Error(`unknown content type ${id}`)
  return spec
}
