import type { StationSlots } from '../stations/station-slots.ts'
import { OptionalPart } from '../ui/optional-part.tsx'
import { WhenIdle } from '../ui/when-idle.tsx'
import { LiftNotices, SimilarStations, StationLiftNotices, StationNotices } from './lazy-pages.ts'

/** The CMS's notices and the similar stations on the station page, each loading on its own and optional. */
export const STATION_CONTENT_SLOTS: StationSlots = {
  notices: ({ stationId }) => (
    <OptionalPart>
      <StationNotices stationId={stationId} />
    </OptionalPart>
  ),
  accessNotices: ({ stationId }) => (
    <OptionalPart>
      <StationLiftNotices stationId={stationId} />
    </OptionalPart>
  ),
  liftNotices: ({ stationId, lift }) => (
    <OptionalPart>
      <LiftNotices stationId={stationId} lift={lift} />
    </OptionalPart>
  ),
  similar: ({ stationId, category }) => (
    <WhenIdle>
      <OptionalPart>
        <SimilarStations objectID={stationId} category={category} />
      </OptionalPart>
    </WhenIdle>
  ),
}
