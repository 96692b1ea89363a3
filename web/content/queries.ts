// The web app's GraphQL queries, in Contentful's naming, so that they run unchanged against a
// Contentful space with the same content model. Each asks in the page's language (`$locale`, which
// useContent sets) and selects `language`: where an entry has no English version, Contentful's
// fallback answers its German text, and `language` says so.
import type { Collection, NoticeEntry, NoticeSummary, PageEntry } from './content-types.ts'

const RICH_TEXT_LINKS = /* GraphQL */ `
  links {
    entries {
      block { __typename sys { id } ... on StationTeaser { stationId title } ... on Page { slug title } ... on Notice { slug title } }
      inline { __typename sys { id } ... on StationTeaser { stationId title } ... on Page { slug title } ... on Notice { slug title } }
      hyperlink { __typename sys { id } ... on StationTeaser { stationId title } ... on Page { slug title } ... on Notice { slug title } }
    }
    assets {
      block { sys { id } url title description width height contentType }
      hyperlink { sys { id } url title description width height contentType }
    }
  }
`

/**
 * A notice as lists show it. `germanTitle`: the title in de-DE whatever the locale, for matching it
 * with DB's lift descriptions, which are German ("zu Gleis 4/5").
 */
const NOTICE_SUMMARY =
  'sys { id publishedAt firstPublishedAt } title germanTitle: title(locale: "de-DE") slug kind validFrom validUntil stationIds summary language'

export const PAGE_QUERY = /* GraphQL */ `
  query PageBySlug($slug: String!, $locale: String) {
    pageCollection(where: { slug: $slug }, limit: 1, locale: $locale) {
      total
      items {
        sys { id publishedAt firstPublishedAt }
        title
        slug
        summary
        language
        body { json ${RICH_TEXT_LINKS} }
      }
    }
  }
`
export interface PageQueryResult {
  pageCollection: Collection<PageEntry> | null
}

export const NOTICE_QUERY = /* GraphQL */ `
  query NoticeBySlug($slug: String!, $locale: String) {
    noticeCollection(where: { slug: $slug }, limit: 1, locale: $locale) {
      total
      items { ${NOTICE_SUMMARY} body { json ${RICH_TEXT_LINKS} } }
    }
  }
`
export interface NoticeQueryResult {
  noticeCollection: Collection<NoticeEntry> | null
}

/** Every notice, newest first; the notices page filters by kind and day in the browser. */
export const NOTICE_LIST_QUERY = /* GraphQL */ `
  query Notices($limit: Int!, $locale: String) {
    noticeCollection(order: [validFrom_DESC], limit: $limit, locale: $locale) {
      total
      items { ${NOTICE_SUMMARY} }
    }
  }
`
export const NOTICE_LIST_LIMIT = 500

/**
 * Notices that had not ended at the start of Berlin's `today` (the start page's candidates): which of
 * them are current now, the page decides with `noticeStatus`, as every page does.
 */
export const OPEN_NOTICES_QUERY = /* GraphQL */ `
  query OpenNotices($today: DateTime!, $limit: Int!, $locale: String) {
    noticeCollection(
      where: { OR: [{ validUntil_gte: $today }, { validUntil_exists: false }] }
      order: [validFrom_ASC]
      limit: $limit
      locale: $locale
    ) {
      total
      items { ${NOTICE_SUMMARY} }
    }
  }
`

/** How many notices a station page asks for. */
export const STATION_NOTICES_LIMIT = 20

/** A station's notices that have not ended by `today`. */
export const STATION_NOTICES_QUERY = /* GraphQL */ `
  query StationNotices($stationIds: [String]!, $today: DateTime!, $locale: String) {
    noticeCollection(
      where: {
        stationIds_contains_some: $stationIds
        OR: [{ validUntil_gte: $today }, { validUntil_exists: false }]
      }
      order: [validFrom_ASC]
      limit: ${STATION_NOTICES_LIMIT}
      locale: $locale
    ) {
      total
      items { ${NOTICE_SUMMARY} }
    }
  }
`
export interface NoticeListResult {
  noticeCollection: Collection<NoticeSummary> | null
}
