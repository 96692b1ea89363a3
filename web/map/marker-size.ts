// How large markers are drawn: on phones and other touch screens every marker is a target of at
// least 44 px (WCAG's target size), elsewhere the pins stay small enough to leave the map readable.

/** Touch screens and narrow windows (phones): large targets. */
const TOUCH_TARGETS = '(max-width: 40rem), (pointer: coarse)'

export interface MarkerSizes {
  /** A numbered hit marker. */
  hit: number
  /** The clickable area of a single station of the clustered layer (the dot drawn is smaller). */
  point: number
  /** The smallest cluster bubble. */
  cluster: number
}

export function markerSizes(touch: boolean): MarkerSizes {
  return touch ? { hit: 44, point: 44, cluster: 44 } : { hit: 30, point: 18, cluster: 32 }
}

export function prefersTouchTargets(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(TOUCH_TARGETS).matches
}
