import type { StationSlots } from '../stations/station-slots.ts'
import { StationLiftNotices, StationNotices } from './lazy-pages.ts'
import { OptionalPart } from './optional-part.tsx'

/** The CMS's notices on the station page, each loading on its own and optional. */
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
}
