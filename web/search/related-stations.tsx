import { useInstantSearch, useRelatedProducts } from 'react-instantsearch'
import { HIT_CARD_ATTRIBUTES } from '../stations/hit-card-attributes.ts'
import type { Station, StationHit } from '../stations/station.ts'
import { RELATED_STATIONS } from './constants.ts'
import { RecommendInstantSearch } from './recommend-instant-search.tsx'
import { RecommendedStations } from './recommended-stations.tsx'

interface RelatedStationsProps {
  stationId: string
  federalState?: string
}

function RelatedList({ stationId, federalState }: RelatedStationsProps) {
  // An error leaves the list empty, and so hidden; it must not reach the page's error boundary.
  useInstantSearch({ catchError: true })
  const { items, sendEvent } = useRelatedProducts<Station & Record<string, unknown>>({
    objectIDs: [stationId],
    limit: RELATED_STATIONS,
    threshold: 0,
    queryParameters: {
      attributesToRetrieve: HIT_CARD_ATTRIBUTES,
      clickAnalytics: true,
      // Stations of the same Bundesland first: that is where a traveller compares.
      ...(federalState ? { optionalFilters: [`federalState:${federalState}`] } : {}),
    },
  })
  return (
    <RecommendedStations
      title="Ähnliche Bahnhöfe"
      headingId="aehnliche-bahnhoefe"
      className="station-section station-related"
      items={(items as StationHit[]).filter((hit) => hit.objectID !== stationId)}
      sendEvent={sendEvent}
    />
  )
}

/** The station page's related stations: similar facilities, category and region, and co-clicked. */
export function RelatedStations(props: RelatedStationsProps) {
  return (
    <RecommendInstantSearch>
      <RelatedList {...props} />
    </RecommendInstantSearch>
  )
}
