import type { Map as LeafletMap } from 'leaflet'

/**
 * Makes the pan that brings an opened popup into view a single step instead of Leaflet's
 * quarter-second glide. During the glide the popup moves under the pointer: a quick tap on its
 * close button (or link) then lands its press and its release on different spots, and the
 * browser sends no click, so the popup stays open. Leaflet fires `autopanstart` right before
 * the popup's `panBy`, so the next pan after it is the popup's own. Returns the undo.
 */
export function panPopupsIntoViewAtOnce(map: LeafletMap): () => void {
  let popupPan = false
  const original = map.panBy
  const markPopupPan = () => {
    popupPan = true
  }
  map.panBy = function panBy(this: LeafletMap, offset, options) {
    if (!popupPan) return original.call(this, offset, options)
    popupPan = false
    return original.call(this, offset, { ...options, animate: false })
  }
  map.on('autopanstart', markPopupPan)
  return () => {
    map.off('autopanstart', markPopupPan)
    map.panBy = original
  }
}
