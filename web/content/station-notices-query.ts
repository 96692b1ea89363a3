import { berlinMidnight } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
import type { NoticeSummary } from './content-types.ts'
import { noticeStatus } from './notice-filter.ts'
import {
  NOTICE_LIST_LIMIT,
  NOTICE_LIST_QUERY,
  type NoticeListResult,
  STATION_NOTICES_LIMIT,
  STATION_NOTICES_QUERY,
} from './queries.ts'
import { type ContentState, useContent } from './use-content.ts'

/** The station's notices that have not ended, oldest start first, as the station query answers. */
function stationNotices(data: NoticeListResult, stationId: string | null, now: Date): NoticeSummary[] {
  return (data.noticeCollection?.items ?? []).filter(
    (item): item is NoticeSummary =>
      item !== null &&
      (stationId === null || (item.stationIds ?? []).includes(stationId)) &&
      noticeStatus(item, now) !== 'beendet',
  )
}

/**
 * A station's notices that have not ended (current and upcoming, by `noticeStatus`). The section and
 * the accessibility box ask with the same variables, so urql sends one request for both; the query
 * asks for those not ended at Berlin midnight, the status decides. When the station's own answer
 * cannot be had (offline, or the service down, and this station never seen), its notices are taken
 * from the list of all notices, which the browser keeps for that (keep-notices.ts), with the time
 * that list was received.
 */
export function useStationNotices(stationId: string): [ContentState<NoticeSummary[]>, () => void] {
  const now = useRenderTime()
  const today = berlinMidnight(now)
  const [state, retry] = useContent<NoticeListResult>(STATION_NOTICES_QUERY, {
    stationIds: [stationId],
    today,
  })
  const [all] = useContent<NoticeListResult>(
    NOTICE_LIST_QUERY,
    { limit: NOTICE_LIST_LIMIT },
    { pause: state.status !== 'error' },
  )
  if (state.status === 'error' && all.status === 'ready') {
    const items = stationNotices(all.data, stationId, now)
      .reverse() // the list is newest first
      .slice(0, STATION_NOTICES_LIMIT)
    return [
      all.keptFrom
        ? { status: 'ready', data: items, keptFrom: all.keptFrom }
        : { status: 'ready', data: items },
      retry,
    ]
  }
  // The list is being looked up: no error shown in between.
  if (state.status === 'error' && all.status === 'loading') return [all, retry]
  if (state.status !== 'ready') return [state, retry]
  return [{ ...state, data: stationNotices(state.data, null, now) }, retry]
}
