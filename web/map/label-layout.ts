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
  const overlaps = (a: LabelBox, b: LabelBox) =>
    Math.abs(a.x - b.x) * 2 < a.width + b.width + 2 * MARGIN &&
    Math.abs(a.y - b.y) * 2 < a.height + b.height + 2 * MARGIN
  boxes.forEach((box, index) => {
    const { x0, x1, y0, y1 } = range(box)
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++)
        for (const other of cells.get(`${cx},${cy}`) ?? []) if (overlaps(box, other)) return
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
