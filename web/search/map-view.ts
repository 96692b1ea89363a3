import { useSearchParams } from 'react-router'
import { useMediaQuery } from '../ui/use-media-query.ts'
import { MAP_VIEW, VIEW_PARAM } from './routing.ts'

/** From this width the map stands beside the list; below it "Liste | Karte" switches. Keep in sync with search.css. */
export const MAP_BESIDE = '(min-width: 72rem)'

export interface MapView {
  /** The map stands beside the list. */
  beside: boolean
  /** Narrow screen, and the user chose "Karte". */
  mapOnly: boolean
  choose: (view: 'liste' | 'karte') => void
}

export function useMapView(): MapView {
  const beside = useMediaQuery(MAP_BESIDE)
  const [params, setParams] = useSearchParams()
  const chosen = params.get(VIEW_PARAM) === MAP_VIEW
  return {
    beside,
    mapOnly: !beside && chosen,
    choose: (view) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous)
        if (view === 'karte') next.set(VIEW_PARAM, MAP_VIEW)
        else next.delete(VIEW_PARAM)
        return next
      }),
  }
}
