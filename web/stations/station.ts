import type { Hit } from 'instantsearch.js'

export type StepFreeAccess = 'ja' | 'teilweise' | 'nein' | 'unbekannt'

export type MobilityServiceAccess = 'ja' | 'nur mit Voranmeldung' | 'nein' | 'unbekannt'

export type OpeningDay =
  | 'monday'
  | 'tuesday'
  | 'wednesday'
  | 'thursday'
  | 'friday'
  | 'saturday'
  | 'sunday'
  | 'holiday'

/** "HH:MM" wall-clock times in Europe/Berlin, as the record has them; a missing day is closed. */
export type WeeklyHours = Partial<Record<OpeningDay, { from: string; to: string }>>

/** A record of the `stations` index (docs/product.md, "Station records"). */
export interface Station {
  objectID: string
  name: string
  ril100?: string
  city?: string
  zipcode?: string
  street?: string
  federalState?: string
  category?: number
  operator?: string
  segment?: string
  facilities?: string[]
  steplessAccess?: StepFreeAccess
  mobilityService?: string
  mobilityServiceAccess?: MobilityServiceAccess
  mobilityServicePhone?: string | null
  /** The 3-S-Zentrale's public number. */
  serviceCenterPhone?: string | null
  dbInformationHours?: WeeklyHours | null
  serviceStaffHours?: WeeklyHours | null
  /** The train types that stop here (ICE, IC/EC, RE/RB, S-Bahn …), in the Züge filter's order. */
  trains?: string[]
  /** The groups of its platforms' heights ("96", "76", "55", "38"): the Bahnsteighöhe filter. */
  platformHeights?: string[]
  /** `ja` where DB's lift data lists a lift: the "mit Aufzug" filter. */
  lift?: string
  weight?: number
  _geoloc?: { lat: number; lng: number }
}

/** A search hit: the record plus `__position` and `__queryID` for click analytics. */
export type StationHit = Hit<Station & Record<string, unknown>>
