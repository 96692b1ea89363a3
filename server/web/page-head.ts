// What a search engine, a link preview (messengers, social sites) and a reader see of a page before
// any JavaScript runs: its status, title, description, canonical URL, robots rule, OpenGraph and
// Twitter card tags and, for a station, schema.org JSON-LD (TrainStation and BreadcrumbList). The
// server writes them into the page's HTML; the web app drops them once it navigates elsewhere.
import type { ContentEntry } from '../content/content-snapshot.ts'
import type { StationFacts } from '../stations/station-facts.ts'
import type { StationRecord } from '../stations/station-records.ts'
import { pageMessages } from './page-messages.ts'

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
  title: string
  description: string
  /** Absolute; none for pages that should not be indexed under their own URL. */
  canonical?: string
  robots?: string
  ogType: 'website' | 'article' | 'place'
  jsonLd: Record<string, unknown>[]
}

const DAYS: Record<string, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
  holiday: 'PublicHolidays',
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

/** A description of at most ~160 characters, cut at a word. */
function clip(value: string, max = 160): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`
}

const notFound = (): PageHead => ({
  status: 404,
  title: pageMessages()('notFound.pageTitle'),
  description: pageMessages()('notFound.description'),
  robots: 'noindex',
  ogType: 'website',
  jsonLd: [],
})

/** The head of a client route; a 404 head for any path the web app does not serve. */
export function pageHead(
  path: string,
  query: URLSearchParams,
  origin: string,
  sources: PageSources,
): PageHead {
  const url = (pathname: string) => `${origin}${pathname}`
  const t = pageMessages()
  const clean = path.length > 1 ? path.replace(/\/$/, '') : path
  if (clean === '/') {
    return {
      status: 200,
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
          inLanguage: 'de',
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
    const record = id === undefined ? undefined : sources.station(id)
    return record
      ? stationHead(
          record,
          sources.stationFacts(record.objectID),
          url(`/bahnhof/${encodeURIComponent(record.objectID)}`),
          url,
        )
      : notFound()
  }
  if (clean === '/meldungen') {
    return {
      status: 200,
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
    const title =
      text(entry.fields.title) ?? t(type === 'page' ? 'content.pageTitleFallback' : 'notice.titleFallback')
    return {
      status: 200,
      title: t('site.pageTitle', { title }),
      description: clip(text(entry.fields.summary) ?? title),
      canonical: url(`/${content[1]}/${encodeURIComponent(String(entry.fields.slug ?? slug))}`),
      ogType: 'article',
      jsonLd: [],
    }
  }
  return notFound()
}

/**
 * What schema.org has no property for, as Place's `additionalProperty`: the trains that stop, each
 * platform height the station has (in centimetres above the rail, UN/CEFACT unit CMT), the number
 * of lifts DB's data lists.
 */
function stationProperties(record: StationRecord, facts: StationFacts | undefined): object[] {
  const t = pageMessages()
  const property = (name: string, value: string | number, unit?: { code: string; text: string }) => ({
    '@type': 'PropertyValue',
    name,
    value,
    ...(unit ? { unitCode: unit.code, unitText: unit.text } : {}),
  })
  const heights = [...new Set((facts?.tracks ?? []).map((track) => track.height))].sort((a, b) => b - a)
  return [
    ...(record.trains ?? []).map((type) => property(t('stationHead.train'), type)),
    ...heights.map((height) =>
      property(t('stationHead.platformHeight'), height, { code: 'CMT', text: 'cm' }),
    ),
    ...(facts?.lifts?.length ? [property(t('stationHead.lifts'), facts.lifts.length)] : []),
  ]
}

function stationHead(
  record: StationRecord,
  stationFacts: StationFacts | undefined,
  canonical: string,
  url: (path: string) => string,
): PageHead {
  const t = pageMessages()
  const place = [record.city, record.federalState].filter(Boolean).join(', ')
  const facts = [
    record.steplessAccess === 'ja'
      ? t('stationHead.stepFree')
      : record.steplessAccess === 'teilweise'
        ? t('stationHead.partlyStepFree')
        : undefined,
    record.trains?.length ? t('stationHead.trains', { trains: record.trains.join(', ') }) : undefined,
    record.facilities.length > 0
      ? t('stationHead.facilities', { facilities: record.facilities.join(', ') })
      : undefined,
  ].filter(Boolean)
  const about = t('stationHead.description', { station: place ? `${record.name} (${place})` : record.name })
  const description = clip(facts.length > 0 ? `${about} – ${facts.join('; ')}.` : `${about}.`)
  const address = {
    '@type': 'PostalAddress',
    ...(record.street ? { streetAddress: record.street } : {}),
    ...(record.zipcode ? { postalCode: record.zipcode } : {}),
    ...(record.city ? { addressLocality: record.city } : {}),
    ...(record.federalState ? { addressRegion: record.federalState } : {}),
    addressCountry: 'DE',
  }
  const hours = Object.entries(record.dbInformationHours ?? {}).flatMap(([day, range]) =>
    range && DAYS[day]
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${DAYS[day]}`,
            opens: range.from,
            closes: range.to === '24:00' ? '23:59' : range.to,
          },
        ]
      : [],
  )
  const amenities = [
    {
      '@type': 'LocationFeatureSpecification',
      name: t('stationHead.stepFreeAccess'),
      value: record.steplessAccess === 'ja',
    },
    ...record.facilities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    // Where DB's lift data lists none, it is not known whether there is one: left out.
    ...(record.lift === 'ja'
      ? [{ '@type': 'LocationFeatureSpecification', name: t('stationHead.lift'), value: true }]
      : []),
  ]
  const properties = stationProperties(record, stationFacts)
  const station = {
    '@context': 'https://schema.org',
    '@type': 'TrainStation',
    name: record.name,
    url: canonical,
    address,
    ...(record._geoloc
      ? { geo: { '@type': 'GeoCoordinates', latitude: record._geoloc.lat, longitude: record._geoloc.lng } }
      : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(record.serviceCenterPhone ? { telephone: record.serviceCenterPhone } : {}),
    amenityFeature: amenities,
    ...(properties.length > 0 ? { additionalProperty: properties } : {}),
    ...(record.ril100 ? { identifier: record.ril100 } : {}),
  }
  const crumbs = [
    { name: SITE, item: url('/') },
    ...(record.city
      ? [{ name: record.city, item: `${url('/suche')}?q=${encodeURIComponent(record.city)}` }]
      : []),
    { name: record.name, item: canonical },
  ]
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  }
  return {
    status: 200,
    title: t('site.pageTitle', { title: record.name }),
    description,
    canonical,
    ogType: 'place',
    jsonLd: [station, breadcrumbs],
  }
}

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
  const og: Array<[string, string]> = [
    ['og:site_name', SITE],
    ['og:locale', 'de_DE'],
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
