import { useState } from 'react'
import { berlinMidnight } from '../shared/dates.ts'
import type { NoticeSummary } from './content-types.ts'
import { type NoticeListResult, STATION_NOTICES_QUERY } from './queries.ts'
import { type ContentState, useContent } from './use-content.ts'

/**
 * A station's notices that have not ended. The section and the accessibility box ask with the same
 * variables, so urql sends one request for both.
 */
export function useStationNotices(stationId: string): [ContentState<NoticeSummary[]>, () => void] {
  const [today] = useState(() => berlinMidnight(Date.now()))
  const [state, retry] = useContent<NoticeListResult>(STATION_NOTICES_QUERY, {
    stationIds: [stationId],
    today,
  })
  if (state.status !== 'ready') return [state, retry]
  const items = (state.data.noticeCollection?.items ?? []).filter(
    (item): item is NoticeSummary => item !== null,
  )
  return [{ status: 'ready', data: items }, retry]
}
