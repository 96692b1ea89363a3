import { createContext } from 'react'

/**
 * The facilities the search is filtered for, which hit cards show first. Given once by the list of
 * hits rather than read by each card from InstantSearch (whose state each reader computes anew):
 * none for cards outside a search (recommendations).
 */
export const FacilitiesFilteredFor = createContext<readonly string[]>([])
