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
  /** Stations like this one (recommendations), preferring its Bundesland. */
  related?: ComponentType<{ stationId: string; federalState?: string }>
}

export const StationSlotsContext = createContext<StationSlots>({})
