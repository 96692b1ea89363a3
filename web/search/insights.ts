import type { InsightsProps } from 'instantsearch.js/es/middlewares'
import { createInsightsClient } from 'search-insights'
import { insightsRequester } from '../offline/outbox.ts'
import type { AppConfig } from '../shared/config.ts'

/**
 * One client for every InstantSearch of the page, as the package's default client was, so that
 * they share its user token. Its requests go through the outbox: events made offline are kept and
 * sent once the connection is back.
 */
const insightsClient = createInsightsClient(insightsRequester)

/**
 * Click analytics through the search-insights npm client (no third-party script load), pointed at
 * our server's POST /1/events, or at Algolia's insights host when the config says null.
 */
export function createInsights(search: AppConfig['search']): InsightsProps {
  return {
    insightsClient,
    insightsInitParams: {
      appId: search.appId,
      apiKey: search.apiKey,
      useCookie: false,
      ...(search.insightsHost ? { host: search.insightsHost } : {}),
    },
  }
}
