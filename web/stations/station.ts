import type { Hit } from 'instantsearch.js'

export type StepFreeAccess = 'ja' | 'teilweise' | 'nein' | 'unbekannt'

/** A record of the `stations` index (PRODUCT.md §4). */
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
  weight?: number
  _geoloc?: { lat: number; lng: number }
}

/** A search hit: the record plus `__position` and `__queryID` for click analytics. */
export type StationHit = Hit<Station & Record<string, unknown>>
