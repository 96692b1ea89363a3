// Keeps the list of all notices on the device, so that the notices are there offline though the
// traveller never opened them: /meldungen, and a station page's notices, which useStationNotices
// takes from this list when the station's own answer cannot be had. main.tsx loads this once the
// page has loaded and the browser is idle, as it keeps the copy of the search index; the list is
// asked again when the one kept is older than an hour (16 notices are ~8 KB; a page load never asks
// the service more than that). It is the list in the page's language, asked as useContent asks it,
// so that the page finds it under the same key.
import { type Client, createRequest } from '@urql/core'
import { CONTENT_LOCALES, type Locale } from '../i18n/locale.ts'
import type { AppConfig } from '../shared/config.ts'
import type { RenderEnvironment } from '../shared/render-context.tsx'
import { contentClientFor } from './content-client.ts'
import { keptAt } from './kept-answers.ts'
import { NOTICE_LIST_LIMIT, NOTICE_LIST_QUERY } from './queries.ts'

/** A kept list younger than this is not asked again. */
const KEEP_FOR_MS = 60 * 60 * 1000

/** Asks for the list of all notices unless a recent one is kept; the content client keeps the answer. */
async function keepNoticeList(client: Client, locale: Locale, now: () => number): Promise<void> {
  if (typeof caches === 'undefined' || navigator.onLine === false) return
  const request = createRequest(NOTICE_LIST_QUERY, {
    limit: NOTICE_LIST_LIMIT,
    locale: CONTENT_LOCALES[locale],
  })
  const operation = client.createRequestOperation('query', request, { requestPolicy: 'network-only' })
  const kept = await keptAt(operation)
  if (kept && now() - kept.getTime() < KEEP_FOR_MS) return
  await client.executeRequestOperation(operation).toPromise()
}

/** Keeps the list with the page's own content client; a failure is only logged. */
export function keepNotices(
  config: AppConfig['content'],
  environment: RenderEnvironment,
  locale: Locale,
  now: () => number = Date.now,
): Promise<void> {
  return keepNoticeList(contentClientFor(config, environment), locale, now).catch((error: unknown) =>
    console.warn('notices not kept:', error),
  )
}
