// The shapes our queries select from a Contentful-style GraphQL API (the content model: page,
// notice, stationTeaser, assets). Contentful answers null for links it cannot resolve.
import type { Document } from '@contentful/rich-text-types'

interface Sys {
  id: string
  publishedAt?: string | null
  firstPublishedAt?: string | null
}

export type LinkedEntry =
  | { __typename: 'Page'; sys: Sys; slug: string | null; title: string | null }
  | { __typename: 'Notice'; sys: Sys; slug: string | null; title: string | null }
  | { __typename: 'StationTeaser'; sys: Sys; stationId: string | null; title: string | null }
  | { __typename: string; sys: Sys }

export interface LinkedAsset {
  sys: Sys
  url: string | null
  title: string | null
  description: string | null
  width: number | null
  height: number | null
  contentType: string | null
}

export interface RichTextLinks {
  entries: {
    block: Array<LinkedEntry | null>
    inline: Array<LinkedEntry | null>
    hyperlink: Array<LinkedEntry | null>
  }
  assets: {
    block: Array<LinkedAsset | null>
    hyperlink: Array<LinkedAsset | null>
  }
}

export interface RichTextField {
  json: Document
  links?: RichTextLinks | null
}

/** The language an entry's text is in (a locale code): German where it has no version in the one asked for. */
interface InLanguage {
  language?: string | null
}

export interface PageEntry extends InLanguage {
  sys: Sys
  title: string | null
  slug: string | null
  summary: string | null
  body: RichTextField | null
}

export const NOTICE_KINDS = ['Bauarbeiten', 'Aufzug', 'Information'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

export interface NoticeSummary extends InLanguage {
  sys: Sys
  title: string | null
  /** The title in German, where the query asks for it (`title(locale: "de-DE")`). */
  germanTitle?: string | null
  slug: string | null
  kind: string | null
  validFrom: string | null
  validUntil: string | null
  stationIds: string[] | null
  summary: string | null
}

export interface NoticeEntry extends NoticeSummary {
  body: RichTextField | null
}

export interface Collection<Item> {
  total: number
  items: Array<Item | null>
}
