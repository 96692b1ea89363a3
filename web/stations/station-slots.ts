import { type ComponentType, createContext } from 'react'

/**
 * Parts of the station page that come from elsewhere (the CMS's notices, recommendations), plugged in by the app so
 * that the station code neither imports nor waits for them.
 */
export interface StationSlots {
  /** A section of the station's notices. */
  notices?: ComponentType<{ stationId: string }>
  /** Notices shown beside the step-free access facts (lifts). */
  accessNotices?: ComponentType<{ stationId: string }>
  /** Comparable stations elsewhere (recommendations), its own category first. */
  similar?: ComponentType<{ stationId: string; category?: number }>
}

export const StationSlotsContext = createContext<StationSlots>({})
