import { useEffect, useState } from 'react'
import { useMap } from 'react-leaflet'

/** The map's zoom, following its changes: markers drawn apart at a zoom are laid out anew after one. */
export function useMapZoom(): number {
  const map = useMap()
  const [zoom, setZoom] = useState(() => map.getZoom())
  useEffect(() => {
    const update = () => setZoom(map.getZoom())
    update()
    map.on('zoomend', update)
    return () => {
      map.off('zoomend', update)
    }
  }, [map])
  return zoom
}
