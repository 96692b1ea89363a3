// /robots.txt and /sitemap.xml: every station page, CMS page and notice, with its last change, so
// search engines find them; the APIs and result pages are not for their index.
import type { FastifyInstance, FastifyRequest } from 'fastify'

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
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ]
  const url = (path: string, lastmod: string | undefined) =>
    lines.push(
      `<url><loc>${escapeXml(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
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
