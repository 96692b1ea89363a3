import { berlinMidnight } from '../shared/dates.ts'
import { useRenderTime } from '../shared/render-context.tsx'
import type { NoticeSummary } from './content-types.ts'
import { noticeStatus } from './notice-filter.ts'
import { type NoticeListResult, STATION_NOTICES_QUERY } from './queries.ts'
import { type ContentState, useContent } from './use-content.ts'

/**
 * A station's notices that have not ended (current and upcoming, by `noticeStatus`). The section and
 * the accessibility box ask with the same variables, so urql sends one request for both; the query
 * asks for those not ended at Berlin midnight, the status decides.
 */
export function useStationNotices(stationId: string): [ContentState<NoticeSummary[]>, () => void] {
  const now = useRenderTime()
  const today = berlinMidnight(now)
  const [state, retry] = useContent<NoticeListResult>(STATION_NOTICES_QUERY, {
    stationIds: [stationId],
    today,
  })
  if (state.status !== 'ready') return [state, retry]
  const items = (state.data.noticeCollection?.items ?? []).filter(
    (item): item is NoticeSummary => item !== null && noticeStatus(item, now) !== 'beendet',
  )
  return [{ ...state, data: items }, retry]
}
