// What a search engine, a link preview (messengers, social sites) and a reader see of a page before
// any JavaScript runs: its status, title, description, canonical URL, robots rule, OpenGraph and
// Twitter card tags, the page's twins in the other languages (`hreflang`) and, for a station,
// schema.org JSON-LD (TrainStation and BreadcrumbList). Each in the language of the address
// (`/en/…` is English). The server writes them into the page's HTML; the web app drops them once
// it navigates elsewhere.

import {
  CONTENT_LOCALES,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  localeOfPath,
  pathInLocale,
  withoutLocale,
} from '../../web/i18n/locale.ts'
import type { ContentEntry } from '../content/content-snapshot.ts'
import type { StationFacts } from '../stations/station-facts.ts'
import type { StationRecord } from '../stations/station-records.ts'
import { pageMessages } from './page-messages.ts'
import { clip, stationForHead, stationHead } from './station-head.ts'

const SITE = 'Bahnhofsfinder'

export interface PageSources {
  station(id: string): StationRecord | undefined
  /** The station's tracks, lifts and stops beyond its record (station-facts.ts), where known. */
  stationFacts(id: string): StationFacts | undefined
  /** A CMS page (`page`) or notice (`notice`) by its slug. */
  entry(type: 'page' | 'notice', slug: string): ContentEntry | undefined
}

export interface PageHead {
  status: 200 | 404
  /** The page's language: `<html lang>`, `og:locale`. */
  lang: Locale
  /**
   * The same page in each language, absolute (`hreflang`, with German as `x-default`); none for a
   * page that is not found.
   */
  alternates?: Record<Locale, string>
  title: string
  description: string
  /** Absolute; none for pages that should not be indexed under their own URL. */
  canonical?: string
  robots?: string
  ogType: 'website' | 'article' | 'place'
  jsonLd: Record<string, unknown>[]
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

const notFoundHead = (lang: Locale): PageHead => ({
  status: 404,
  lang,
  title: pageMessages(lang)('notFound.pageTitle'),
  description: pageMessages(lang)('notFound.description'),
  robots: 'noindex',
  ogType: 'website',
  jsonLd: [],
})

/** The head of a client route, in the address's language; a 404 head for any path the web app does not serve. */
export function pageHead(
  path: string,
  query: URLSearchParams,
  origin: string,
  sources: PageSources,
): PageHead {
  const lang = localeOfPath(path)
  const head = headOf(lang, withoutLocale(path), query, origin, sources)
  if (head.status !== 200) return head
  // The twins: the same address under each language's prefix, the query kept (a search's twin is
  // the same search).
  const appPath = head.canonical ? withoutLocale(head.canonical.slice(origin.length)) : withoutLocale(path)
  const search = head.canonical ? '' : query.size > 0 ? `?${query}` : ''
  const alternates = Object.fromEntries(
    LOCALES.map((locale) => [locale, `${origin}${pathInLocale(appPath, locale)}${search}`]),
  ) as Record<Locale, string>
  return { ...head, alternates }
}

function headOf(
  lang: Locale,
  path: string,
  query: URLSearchParams,
  origin: string,
  sources: PageSources,
): PageHead {
  const url = (pathname: string) => `${origin}${pathInLocale(pathname, lang)}`
  const t = pageMessages(lang)
  const notFound = () => notFoundHead(lang)
  const clean = path.length > 1 ? path.replace(/\/$/, '') : path
  if (clean === '/') {
    return {
      status: 200,
      lang,
      title: t('home.pageTitle'),
      description: t('home.description'),
      canonical: url('/'),
      ogType: 'website',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE,
          url: url('/'),
          inLanguage: lang,
          potentialAction: {
            '@type': 'SearchAction',
            target: `${url('/suche')}?q={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    }
  }
  if (clean === '/suche') {
    const q = text(query.get('q'))
    return {
      status: 200,
      lang,
      title: q ? t('search.pageTitleQuery', { query: q }) : t('search.pageTitle'),
      description: q ? clip(t('search.description', { query: q })) : t('home.description'),
      // Result pages are for travellers, not for an index: follow their links, list the stations.
      robots: 'noindex, follow',
      ogType: 'website',
      jsonLd: [],
    }
  }
  const station = /^\/bahnhof\/([^/]+)$/.exec(clean)
  if (station) {
    const id = decode(station[1] ?? '')
    const record = id === undefined ? undefined : stationForHead(sources.station(id))
    if (!record) return notFound()
    const canonical = url(`/bahnhof/${encodeURIComponent(record.objectID)}`)
    return {
      status: 200,
      lang,
      title: t('site.pageTitle', { title: record.name }),
      canonical,
      ogType: 'place',
      ...stationHead(t, record, sources.stationFacts(record.objectID), canonical, url, SITE),
    }
  }
  if (clean === '/meldungen') {
    return {
      status: 200,
      lang,
      title: t('notices.pageTitle'),
      description: t('notices.description'),
      canonical: url('/meldungen'),
      ogType: 'website',
      jsonLd: [],
    }
  }
  const content = /^\/(info|meldungen)\/([^/]+)$/.exec(clean)
  if (content) {
    const slug = decode(content[2] ?? '')
    const type = content[1] === 'info' ? 'page' : 'notice'
    const entry = slug === undefined ? undefined : sources.entry(type, slug)
    if (!entry) return notFound()
    // The page's language where it was written, field by field, else German (as the content
    // service falls back).
    const written = entry.translations?.[CONTENT_LOCALES[lang]]
    const field = (name: string) => text(written?.[name]) ?? text(entry.fields[name])
    const title = field('title') ?? t(type === 'page' ? 'content.pageTitleFallback' : 'notice.titleFallback')
    return {
      status: 200,
      lang,
      title: t('site.pageTitle', { title }),
      description: clip(field('summary') ?? title),
      canonical: url(`/${content[1]}/${encodeURIComponent(String(entry.fields.slug ?? slug))}`),
      ogType: 'article',
      jsonLd: [],
    }
  }
  return notFound()
}

/** OpenGraph's spelling of a language (language_TERRITORY). */
const OG_LOCALES: Record<Locale, string> = { de: 'de_DE', en: 'en_GB' }

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

/** JSON inside <script>: no `<` at all, so no `</script>` or `<!--` can end or bend the block. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** The tags, each marked `data-server-head` so that the web app can drop them when it navigates. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title data-server-head>${escapeHtml(head.title)}</title>`,
    `<meta data-server-head name="description" content="${escapeHtml(head.description)}" />`,
  ]
  if (head.robots) tags.push(`<meta data-server-head name="robots" content="${escapeHtml(head.robots)}" />`)
  if (head.canonical)
    tags.push(`<link data-server-head rel="canonical" href="${escapeHtml(head.canonical)}" />`)
  if (head.alternates) {
    for (const locale of LOCALES)
      tags.push(
        `<link data-server-head rel="alternate" hreflang="${locale}" href="${escapeHtml(head.alternates[locale])}" />`,
      )
    tags.push(
      `<link data-server-head rel="alternate" hreflang="x-default" href="${escapeHtml(head.alternates[DEFAULT_LOCALE])}" />`,
    )
  }
  const og: Array<[string, string]> = [
    ['og:site_name', SITE],
    ['og:locale', OG_LOCALES[head.lang]],
    ...LOCALES.filter((locale) => locale !== head.lang).map((locale): [string, string] => [
      'og:locale:alternate',
      OG_LOCALES[locale],
    ]),
    ['og:type', head.ogType],
    ['og:title', head.title],
    ['og:description', head.description],
    ...(head.canonical ? ([['og:url', head.canonical]] as Array<[string, string]>) : []),
  ]
  for (const [property, content] of og)
    tags.push(`<meta data-server-head property="${property}" content="${escapeHtml(content)}" />`)
  for (const [name, content] of [
    ['twitter:card', 'summary'],
    ['twitter:title', head.title],
    ['twitter:description', head.description],
  ])
    tags.push(`<meta data-server-head name="${name}" content="${escapeHtml(content ?? '')}" />`)
  for (const data of head.jsonLd)
    tags.push(`<script data-server-head type="application/ld+json">${scriptJson(data)}</script>`)
  return tags.join('\n    ')
}
