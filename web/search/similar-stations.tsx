import { useInstantSearch, useLookingSimilar } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import type { Station, StationHit } from '../stations/station.ts'
import { RecommendInstantSearch } from './recommend-instant-search.tsx'
import { RecommendedStations } from './recommended-stations.tsx'
import { type SimilarStationsOf, similarStationsParameters } from './similar-stations-request.ts'

function SimilarList(props: SimilarStationsOf) {
  // An error leaves the list empty, and so hidden; it must not reach the page's error boundary.
  useInstantSearch({ catchError: true })
  const t = useMessages()
  const { items, sendEvent } = useLookingSimilar<Station & Record<string, unknown>>(
    similarStationsParameters(props),
  )
  return (
    <RecommendedStations
      title={t('similarStations.heading')}
      headingId="aehnliche-bahnhoefe"
      className="station-section station-related"
      items={(items as StationHit[]).filter((hit) => hit.objectID !== props.objectID)}
      sendEvent={sendEvent}
    />
  )
}

/** The station page's similar stations: comparable ones elsewhere, its own category first. */
export function SimilarStations(props: SimilarStationsOf) {
  return (
    <RecommendInstantSearch>
      <SimilarList {...props} />
    </RecommendInstantSearch>
  )
}
