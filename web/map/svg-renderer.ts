import { type Map as LeafletMap, type Renderer, svg } from 'leaflet'

/**
 * One SVG renderer per map, for paths that must not be drawn on the map's canvas: the canvas
 * renderer asks for a redraw when a path goes, also when React removes the path after the map
 * itself (leaving the page), and that redraw then throws in the next frame for want of a canvas.
 * SVG paths are also elements, which a few hundred may be where thousands may not.
 */
const renderers = new WeakMap<LeafletMap, Renderer>()

export function svgRenderer(map: LeafletMap): Renderer {
  let renderer = renderers.get(map)
  if (!renderer) {
    renderer = svg()
    renderers.set(map, renderer)
  }
  return renderer
}
