// Which of the basemap's names fit at a zoom: placed in order of importance, each where it is, and
// left out where it would overlap a name already placed. Works in projected pixels, so a choice
// holds for every pan at that zoom.

export interface LabelBox {
  /** Centre, in projected pixels. */
  x: number
  y: number
  width: number
  height: number
}

/** Pixels kept free around each name. */
const MARGIN = 6
const CELL = 128

/** The indices of the boxes that are shown, in the order given (most important first). */
export function placeLabels(boxes: readonly LabelBox[]): number[] {
  const cells = new Map<string, LabelBox[]>()
  const shown: number[] = []
  const range = (box: LabelBox) => ({
    x0: Math.floor((box.x - box.width / 2 - MARGIN) / CELL),
    x1: Math.floor((box.x + box.width / 2 + MARGIN) / CELL),
    y0: Math.floor((box.y - box.height / 2 - MARGIN) / CELL),
    y1: Math.floor((box.y + box.height / 2 + MARGIN) / CELL),
  })
  boxes.forEach((box, index) => {
    const { x0, x1, y0, y1 } = range(box)
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++)
        for (const other of cells.get(`${cx},${cy}`) ?? []) if (overlapsLabel(box, other)) return
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++) {
        const key = `${cx},${cy}`
        const cell = cells.get(key)
        if (cell) cell.push(box)
        else cells.set(key, [box])
      }
    shown.push(index)
  })
  return shown
}

/** Whether a name's box and a marker (a disc) come closer than a couple of pixels. */
export function touchesDisc(box: LabelBox, disc: { x: number; y: number; radius: number }): boolean {
  const dx = Math.max(Math.abs(disc.x - box.x) - box.width / 2, 0)
  const dy = Math.max(Math.abs(disc.y - box.y) - box.height / 2, 0)
  const reach = disc.radius + 2
  return dx * dx + dy * dy < reach * reach
}

/** Whether two names' boxes overlap, with the margin kept between names. */
export function overlapsLabel(a: LabelBox, b: LabelBox): boolean {
  return (
    Math.abs(a.x - b.x) * 2 < a.width + b.width + 2 * MARGIN &&
    Math.abs(a.y - b.y) * 2 < a.height + b.height + 2 * MARGIN
  )
}

const STEP = 4

/**
 * Where a name goes when a marker covers its place: the nearest spot that `free` accepts, above or
 * below its place (at most `reach` pixels) or beside it (at most `reach` past its half width), so
 * that it still reads as that place's name; null if there is none.
 */
export function nearestFreeSpot(
  box: LabelBox,
  free: (box: LabelBox) => boolean,
  reach: number,
): LabelBox | null {
  const offsets: Array<[number, number]> = []
  for (let d = STEP; d <= reach; d += STEP) offsets.push([0, -d], [0, d])
  for (let d = STEP; d <= reach + box.width / 2; d += STEP) offsets.push([d, 0], [-d, 0])
  offsets.sort((a, b) => Math.hypot(a[0], a[1]) - Math.hypot(b[0], b[1]))
  for (const [dx, dy] of offsets) {
    const moved = { ...box, x: box.x + dx, y: box.y + dy }
    if (free(moved)) return moved
  }
  return null
}
