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
  /** Has a value per locale (Contentful's `localized`); the others are the same in every language. */
  localized?: boolean
  /** Filled by the loader, never written in a file. */
  derived?: boolean
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

export interface LocaleSpec {
  code: string
  name: string
  /** The locale a field without a value of its own is read from (Contentful's `fallbackCode`). */
  fallbackCode: string | null
  /** How a content file names this language's version: `ueber.en.md`; none for the default. */
  fileSuffix: string | null
}

/** The default locale first: German is the content's language, English falls back to it per field. */
export const LOCALES: readonly LocaleSpec[] = [
  { code: 'de-DE', name: 'German (Germany)', fallbackCode: null, fileSuffix: null },
  { code: 'en-US', name: 'English (United States)', fallbackCode: 'de-DE', fileSuffix: 'en' },
]
export const DEFAULT_LOCALE = 'de-DE'
const LOCALE_CODES = LOCALES.map((locale) => locale.code)

/** The locales a field is read from, in order: the locale itself, then its fallbacks. */
export function fallbackChain(code: string): string[] {
  const chain: string[] = []
  for (let at = LOCALES.find((locale) => locale.code === code); at && !chain.includes(at.code); ) {
    chain.push(at.code)
    const next = at.fallbackCode
    at = LOCALES.find((locale) => locale.code === next)
  }
  return chain
}

/**
 * The language an entry's text is in, as a localized field: with the fallback, a version without an
 * English text answers `de-DE` in en-US, so a client (ours, or one against a Contentful space) can say
 * that the text is only available in German.
 */
const LANGUAGE_FIELD: FieldSpec = {
  id: 'language',
  name: 'Sprache des Textes',
  kind: 'symbol',
  required: true,
  oneOf: LOCALE_CODES,
  localized: true,
  derived: true,
}
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
      { id: 'title', name: 'Titel', kind: 'symbol', required: true, localized: true },
      { id: 'slug', name: 'Slug', kind: 'symbol', required: true, unique: true },
      { id: 'summary', name: 'Kurzfassung', kind: 'text', required: false, localized: true },
      { id: 'body', name: 'Text', kind: 'richText', required: true, localized: true },
      LANGUAGE_FIELD,
    ],
  },
  {
    id: 'notice',
    typeName: 'Notice',
    name: 'Meldung',
    description: 'Bauarbeiten, Aufzugsstörungen und Informationen zu Bahnhöfen',
    displayField: 'title',
    fields: [
      { id: 'title', name: 'Titel', kind: 'symbol', required: true, localized: true },
      { id: 'slug', name: 'Slug', kind: 'symbol', required: true, unique: true },
      { id: 'kind', name: 'Art', kind: 'symbol', required: true, oneOf: NOTICE_KINDS },
      { id: 'validFrom', name: 'Gültig ab', kind: 'date', required: true },
      { id: 'validUntil', name: 'Gültig bis', kind: 'date', required: false },
      { id: 'stationIds', name: 'Bahnhöfe (IDs)', kind: 'symbols', required: true },
      { id: 'summary', name: 'Kurzfassung', kind: 'text', required: true, localized: true },
      { id: 'body', name: 'Text', kind: 'richText', required: true, localized: true },
      LANGUAGE_FIELD,
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
