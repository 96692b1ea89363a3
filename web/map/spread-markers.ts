// Lays markers out so that none covers another: each keeps its place if that is free, otherwise it
// moves to the nearest free spot on rings around it, never farther than its reach. Works in
// projected pixels at one zoom, so a layout holds for every pan at that zoom.

export interface Disc {
  x: number
  y: number
  /** Half the marker's clickable size, in pixels. */
  radius: number
}

export interface SpreadOptions {
  /**
   * How far, in pixels, a marker may move from its place: a marker drawn farther from what it
   * marks reads as marking something else. Without it, markers move up to 40 rings out.
   */
  reach?: number
  /** Spots a marker must keep clear of besides the other markers (e.g. under the map's controls). */
  blocked?: (x: number, y: number, radius: number) => boolean
}

/** Pixels kept free between two markers, so that neither edge is hard to hit. */
const GAP = 2
/** Rings tried around a marker's place when no reach is given. */
const MAX_RINGS = 40

/** A grid of placed discs: a new disc is checked only against its neighbourhood. */
class Occupied {
  private readonly cells = new Map<string, Disc[]>()
  private readonly size: number
  private readonly largest: number

  constructor(largest: number) {
    this.largest = largest
    this.size = Math.max(8, 2 * largest + GAP)
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

  /** Every placed disc whose centre lies within `reach` of the point. */
  private *near(x: number, y: number, reach: number): Generator<Disc> {
    const x0 = Math.floor((x - reach) / this.size)
    const x1 = Math.floor((x + reach) / this.size)
    const y0 = Math.floor((y - reach) / this.size)
    const y1 = Math.floor((y + reach) / this.size)
    for (let cx = x0; cx <= x1; cx++)
      for (let cy = y0; cy <= y1; cy++) yield* this.cells.get(this.key(cx, cy)) ?? []
  }

  collides(x: number, y: number, radius: number): boolean {
    for (const other of this.near(x, y, radius + this.largest + GAP)) {
      const min = radius + other.radius + GAP
      if ((other.x - x) ** 2 + (other.y - y) ** 2 < min * min) return true
    }
    return false
  }

  /**
   * How far the point lies outside the nearest placed disc (negative: inside it, so a marker drawn
   * there has its centre, its number, covered), looking no farther than `within`.
   */
  clearance(x: number, y: number, within: number): number {
    let clearance = within
    for (const other of this.near(x, y, within + this.largest)) {
      clearance = Math.min(clearance, Math.hypot(other.x - x, other.y - y) - other.radius)
    }
    return clearance
  }
}

/**
 * Where each disc is drawn, in the order given (the first keeps its place; put what matters most
 * first). `fixed` discs are placed before them and never move (e.g. markers of another layer). A
 * disc with no free spot within its reach goes where, within reach, its centre is least covered
 * (the ones drawn before it lie on top).
 */
export function spreadMarkers(
  discs: readonly Disc[],
  fixed: readonly Disc[] = [],
  { reach, blocked }: SpreadOptions = {},
): Array<{ x: number; y: number }> {
  let largest = 0
  for (const disc of discs) largest = Math.max(largest, disc.radius)
  for (const disc of fixed) largest = Math.max(largest, disc.radius)
  const occupied = new Occupied(largest)
  for (const disc of fixed) occupied.add(disc)
  const free = (x: number, y: number, radius: number) =>
    !occupied.collides(x, y, radius) && !blocked?.(x, y, radius)

  return discs.map((disc) => {
    const { radius } = disc
    let place = { x: disc.x, y: disc.y }
    if (!free(disc.x, disc.y, radius)) {
      // Rings one radius apart, with as many spots as fit around them; each ring starts at a
      // different angle, so that neighbours moving out of the same crowd go different ways.
      const step = radius + GAP / 2
      const rings = reach === undefined ? MAX_RINGS : Math.floor(reach / step)
      const spots: Array<{ x: number; y: number }> = [place]
      let found = false
      search: for (let ring = 1; ring <= rings; ring++) {
        const distance = ring * step
        const count = Math.max(6, Math.floor((2 * Math.PI * distance) / (radius + GAP)))
        const start = ring * 0.5
        for (let n = 0; n < count; n++) {
          const angle = start + (2 * Math.PI * n) / count
          const spot = { x: disc.x + distance * Math.cos(angle), y: disc.y + distance * Math.sin(angle) }
          if (free(spot.x, spot.y, radius)) {
            place = spot
            found = true
            break search
          }
          spots.push(spot)
        }
      }
      if (!found) place = leastCovered(spots, radius, occupied, blocked)
    }
    occupied.add({ ...place, radius })
    return place
  })
}

/** Of crowded spots, the one whose centre lies farthest outside the discs placed (the nearer one on a tie). */
function leastCovered(
  spots: ReadonlyArray<{ x: number; y: number }>,
  radius: number,
  occupied: Occupied,
  blocked: SpreadOptions['blocked'],
): { x: number; y: number } {
  let best = spots[0]!
  let bestScore = Number.NEGATIVE_INFINITY
  for (const spot of spots) {
    const score =
      occupied.clearance(spot.x, spot.y, 2 * radius) - (blocked?.(spot.x, spot.y, radius) ? 1e6 : 0)
    if (score > bestScore) {
      best = spot
      bestScore = score
    }
  }
  return best
}
