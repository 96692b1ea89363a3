import { createContext, type ReactNode, use, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useMediaQuery } from '../ui/use-media-query.ts'
import { MAP_VIEW, VIEW_PARAM } from './routing.ts'

/** From this width the map stands beside the list; below it "Liste | Karte" switches. Keep in sync with search-map.css. */
const MAP_BESIDE = '(min-width: 72rem)'

export interface MapView {
  /** The map stands beside the list. */
  beside: boolean
  /** Narrow screen, and the user chose "Karte". */
  mapOnly: boolean
  choose: (view: 'liste' | 'karte') => void
}

const MapViewContext = createContext<MapView | null>(null)

/**
 * Reads the view from the address. Only this provider follows every address change (the search
 * writes one per settled state); the layout re-renders when the view itself changes.
 */
export function MapViewProvider({ children }: { children: ReactNode }) {
  const beside = useMediaQuery(MAP_BESIDE)
  const [params, setParams] = useSearchParams()
  const chosen = params.get(VIEW_PARAM) === MAP_VIEW
  const mapOnly = !beside && chosen
  // setParams changes with every address: the switch uses the latest one.
  const setParamsRef = useRef(setParams)
  setParamsRef.current = setParams
  const view = useMemo<MapView>(
    () => ({
      beside,
      mapOnly,
      choose: (next) =>
        setParamsRef.current((previous) => {
          const params = new URLSearchParams(previous)
          if (next === 'karte') params.set(VIEW_PARAM, MAP_VIEW)
          else params.delete(VIEW_PARAM)
          return params
        }),
    }),
    [beside, mapOnly],
  )
  return <MapViewContext value={view}>{children}</MapViewContext>
}

export function useMapView(): MapView {
  const view = use(MapViewContext)
  if (!view) throw new Error('useMapView outside <MapViewProvider>')
  return view
}
