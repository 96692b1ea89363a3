import { useInstantSearch, useTrendingItems } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import { HIT_CARD_ATTRIBUTES } from '../stations/hit-card-attributes.ts'
import type { Station, StationHit } from '../stations/station.ts'
import { TRENDING_STATIONS } from './constants.ts'
import { RecommendInstantSearch } from './recommend-instant-search.tsx'
import { RecommendedStations } from './recommended-stations.tsx'

function TrendingList() {
  // An error leaves the list empty, and so hidden; it must not reach the page's error boundary.
  useInstantSearch({ catchError: true })
  const t = useMessages()
  const { items, sendEvent } = useTrendingItems<Station & Record<string, unknown>>({
    limit: TRENDING_STATIONS,
    threshold: 0,
    queryParameters: { attributesToRetrieve: HIT_CARD_ATTRIBUTES, clickAnalytics: true },
  })
  return (
    <RecommendedStations
      title={t('trendingStations.heading')}
      headingId="gerade-gefragt"
      className="home-trending"
      items={items as StationHit[]}
      sendEvent={sendEvent}
    />
  )
}

/** The start page's trending stations: what people look at now, the big hubs when it is quiet. */
export function TrendingStations() {
  return (
    <RecommendInstantSearch>
      <TrendingList />
    </RecommendInstantSearch>
  )
}
