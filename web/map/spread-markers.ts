// Lays markers out so that none covers another: each keeps its place if that is free, otherwise it
// moves to the nearest free spot on rings around it. Works in projected pixels at one zoom, so a
// layout holds for every pan at that zoom.

export interface Disc {
  x: number
  y: number
  /** Half the marker's clickable size, in pixels. */
  radius: number
}

/** Pixels kept free between two markers, so that neither edge is hard to hit. */
const GAP = 2
/** Rings tried around a marker's place before it is left where it is. */
const MAX_RINGS = 40

/** A grid of placed discs: a new disc is checked only against its neighbourhood. */
class Occupied {
  private readonly cells = new Map<string, Disc[]>()
  private readonly size: number

  constructor(cellSize: number) {
    this.size = Math.max(8, cellSize)
  }

  private key(cx: number, cy: number): string {
    return `${cx},${cy}`
  }

  add(disc: Disc): void {
    const cx = Math.floor(disc.x / this.size)
    const cy = Math.floor(disc.y / this.size)
    const key = this.key(cx, cy)
    const cell = this.cells.get(key)
    if (cell) cell.push(disc)
    else this.cells.set(key, [disc])
  }

  collides(x: number, y: number, radius: number, largest: number): boolean {
    const reach = radius + largest + GAP
    const x0 = Math.floor((x - reach) / this.size)
    const x1 = Math.floor((x + reach) / this.size)
    const y0 = Math.floor((y - reach) / this.size)
    const y1 = Math.floor((y + reach) / this.size)
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        for (const other of this.cells.get(this.key(cx, cy)) ?? []) {
          const min = radius + other.radius + GAP
          const dx = other.x - x
          const dy = other.y - y
          if (dx * dx + dy * dy < min * min) return true
        }
      }
    }
    return false
  }
}

/**
 * Where each disc is drawn, in the order given (the first keeps its place; put what matters most
 * first). `fixed` discs are placed before them and never move (e.g. markers of another layer).
 */
export function spreadMarkers(
  discs: readonly Disc[],
  fixed: readonly Disc[] = [],
): Array<{ x: number; y: number }> {
  let largest = 0
  for (const disc of discs) largest = Math.max(largest, disc.radius)
  for (const disc of fixed) largest = Math.max(largest, disc.radius)
  const occupied = new Occupied(2 * largest + GAP)
  for (const disc of fixed) occupied.add(disc)

  return discs.map((disc) => {
    const { radius } = disc
    let place = { x: disc.x, y: disc.y }
    if (occupied.collides(disc.x, disc.y, radius, largest)) {
      search: for (let ring = 1; ring <= MAX_RINGS; ring++) {
        // Rings one radius apart, with as many spots as fit around them; each ring starts at a
        // different angle, so that neighbours moving out of the same crowd go different ways.
        const distance = ring * (radius + GAP / 2)
        const spots = Math.max(6, Math.floor((2 * Math.PI * distance) / (radius + GAP)))
        const start = ring * 0.5
        for (let n = 0; n < spots; n++) {
          const angle = start + (2 * Math.PI * n) / spots
          const x = disc.x + distance * Math.cos(angle)
          const y = disc.y + distance * Math.sin(angle)
          if (!occupied.collides(x, y, radius, largest)) {
            place = { x, y }
            break search
          }
        }
      }
    }
    occupied.add({ ...place, radius })
    return place
  })
}
