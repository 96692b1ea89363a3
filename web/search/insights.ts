import type { InsightsProps } from 'instantsearch.js/es/middlewares'
import insightsClient from 'search-insights'
import type { AppConfig } from '../shared/config.ts'

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
