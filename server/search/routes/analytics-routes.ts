// Algolia's Analytics API v2 (GET /2/...): reports over the searches and insights events of one
// index. Needs the admin key or a key with the `analytics` ACL, and an index the key may use.
import type { FastifyRequest } from 'fastify'
import { type ReportParams, readReportParams } from '../analytics/report-params.ts'
import type { SearchAnalytics } from '../analytics/search-analytics.ts'
import { anyObject, errors } from '../protocol/route-schemas.ts'
import { authorizeIndex } from './algolia-http.ts'
import type { RoutePlugin } from './route-plugin.ts'

type Report = (analytics: SearchAnalytics, params: ReportParams) => Record<string, unknown>

const REPORTS: Record<string, Report> = {
  '/searches': (a, p) => a.topSearches(p),
  '/searches/count': (a, p) => a.searchesCount(p),
  '/searches/noResults': (a, p) => a.searchesNoResults(p),
  '/searches/noClicks': (a, p) => a.searchesNoClicks(p),
  '/searches/noResultRate': (a, p) => a.noResultsRate(p),
  '/users/count': (a, p) => a.usersCount(p),
  '/hits': (a, p) => a.topHits(p),
  '/clicks/clickThroughRate': (a, p) => a.clickThroughRate(p),
  '/clicks/averageClickPosition': (a, p) => a.averageClickPosition(p),
  '/conversions/conversionRate': (a, p) => a.conversionRate(p),
  '/status': (a, p) => a.status(p.index),
}

function reportParams(request: FastifyRequest): ReportParams {
  const params = readReportParams((request.query ?? {}) as Record<string, unknown>)
  authorizeIndex(request, params.index)
  return params
}

const analyticsRoutes: RoutePlugin<{ analytics: SearchAnalytics }> = async (app, options) => {
  const route = { config: { acl: 'analytics' as const }, schema: { response: { 200: anyObject, ...errors } } }
  for (const [path, report] of Object.entries(REPORTS)) {
    app.get(path, route, async function getReport(request) {
      const params = reportParams(request)
      await options.analytics.gather()
      return report(options.analytics, params)
    })
  }
}

export default analyticsRoutes
