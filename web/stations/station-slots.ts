import { type ComponentType, createContext } from 'react'

/**
 * Parts of the station page that come from elsewhere (the CMS's notices), plugged in by the app so
 * that the station code neither imports nor waits for them.
 */
export interface StationSlots {
  /** A section of the station's notices. */
  notices?: ComponentType<{ stationId: string }>
  /** Notices shown beside the step-free access facts (lifts). */
  accessNotices?: ComponentType<{ stationId: string }>
}

export const StationSlotsContext = createContext<StationSlots>({})
