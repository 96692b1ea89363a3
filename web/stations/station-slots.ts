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
  /** The lift notices that name this lift ("Gleis 4/5"), shown beside it in "Aufzüge". */
  liftNotices?: ComponentType<{ stationId: string; lift: string | null }>
  /** Comparable stations elsewhere (recommendations), its own category first. */
  similar?: ComponentType<{ stationId: string; category?: number }>
}

export const StationSlotsContext = createContext<StationSlots>({})
