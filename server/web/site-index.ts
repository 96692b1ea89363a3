// /robots.txt and /sitemap.xml: every station page, CMS page and notice, with its last change, so
// search engines find them, each in both languages with its twin in the other (`hreflang`
// alternates, German the `x-default`); the APIs and result pages are not for their index.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, LOCALES, pathInLocale } from '../../web/i18n/locale.ts'

export interface SiteIndexSources {
  /** The station IDs and when the stations last changed (ISO 8601). */
  stations(): { ids: Iterable<string>; updatedAt: string | undefined }
  /** CMS pages and notices: path segment, slug and when each was last published. */
  content(): Iterable<{ section: 'info' | 'meldungen'; slug: string; publishedAt: string }>
  /** Changes whenever anything the sitemap lists changes. */
  version(): string
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

const day = (iso: string | undefined) => (iso ? iso.slice(0, 10) : undefined)

function sitemapXml(base: string, sources: SiteIndexSources): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  const url = (path: string, lastmod: string | undefined) => {
    const twins = LOCALES.map(
      (locale) => [locale, escapeXml(`${base}${pathInLocale(path, locale)}`)] as const,
    )
    const links = [
      ...twins,
      ['x-default', escapeXml(`${base}${pathInLocale(path, DEFAULT_LOCALE)}`)] as const,
    ]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`)
      .join('')
    for (const [, loc] of twins)
      lines.push(`<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`)
  }
  const content = [...sources.content()]
  const newest = content
    .map((entry) => entry.publishedAt)
    .sort()
    .at(-1)
  url('/', undefined)
  url('/meldungen', day(newest))
  for (const entry of content)
    url(`/${entry.section}/${encodeURIComponent(entry.slug)}`, day(entry.publishedAt))
  const stations = sources.stations()
  for (const id of stations.ids) url(`/bahnhof/${encodeURIComponent(id)}`, day(stations.updatedAt))
  lines.push('</urlset>', '')
  return lines.join('\n')
}

export default async function siteIndex(app: FastifyInstance, sources: SiteIndexSources): Promise<void> {
  let cached: { key: string; body: string } | undefined

  app.get('/robots.txt', async (request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8')
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /1/',
      'Disallow: /2/',
      'Disallow: /graphql',
      'Disallow: /metrics',
      'Disallow: /station-facts/',
      `Sitemap: ${origin(request)}/sitemap.xml`,
      '',
    ].join('\n')
  })

  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request)
    const key = `${base} ${sources.version()}`
    if (cached?.key !== key) cached = { key, body: sitemapXml(base, sources) }
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8')
    return cached.body
  })
}
