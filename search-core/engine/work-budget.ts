// The work a search may do. The engine charges its budget before each loop whose length a request
// decides (filter terms × records, polygon edges × candidates, ranking keys × candidates, hits ×
// highlighted text, facets × candidates, ...), so that a request past its budget is refused before
// the work, not half-answered, and any combination of parameters is bounded, not only each one.
// One unit is about a nanosecond of work on the reference machine (2 cores, see WORK_COSTS).

/**
 * What a charge is for: the search parameter whose value made the work (the engine's names), as
 * a small integer (`CAUSE.facets`), which a charge adds to its count in one array slot.
 */
export const CAUSE = {
  query: 0,
  filters: 1,
  optionalFilters: 2,
  insideBoundingBox: 3,
  insidePolygon: 4,
  aroundLatLng: 5,
  facets: 6,
  facetQuery: 7,
  hitsPerPage: 8,
  attributesToRetrieve: 9,
  attributesToHighlight: 10,
  attributesToSnippet: 11,
  distinct: 12,
  ranking: 13,
} as const
export type WorkCause = keyof typeof CAUSE
export type CauseId = (typeof CAUSE)[WorkCause]

/** The causes by id (the object's keys are in id order). */
const CAUSE_NAMES = Object.keys(CAUSE) as WorkCause[]

/**
 * Units per elementary step, measured on the reference machine (`node bench/work-costs.ts`
 * prints the nanoseconds per step): a step costs its units in nanoseconds, within a factor of two.
 */
export const WORK_COSTS = {
  /** One dictionary term a query word matched (expanding it, noting it). */
  matchedTerm: 500,
  /** One posting of a matched term read into a word's arrays. */
  posting: 8,
  /** One filter term looked up (its column, its values' codes, a bitset for it). */
  filterTerm: 1000,
  /** One step of a filter term's scan: a record of a column, or a word of a value's bitset. */
  filterScan: 3,
  /** One value of a facet column looked at for one filter term (codes, masks). */
  filterValue: 4,
  /** One bitset word combined (AND, OR, NOT of filter results). */
  bitsetWord: 1,
  /** One polygon edge tested against one location. */
  polygonEdge: 3,
  /** One bounding box: its corners ordered, its first row found. */
  box: 500,
  /** One grid row a bounding box spans. */
  boxRow: 50,
  /** One location tested against a bounding box. */
  boxPoint: 10,
  /** One distance computed (aroundLatLng). */
  distance: 80,
  /** One ranking key computed for one candidate. */
  rankKey: 15,
  /** One query word looked at for one candidate's ranking key (typo, words, attribute, exact). */
  wordKey: 5,
  /** One scored filter term looked at for one candidate (more than a few optional filters). */
  scoreTerm: 25,
  /** One entry of the score table of a few optional filters, per filter term squared. */
  scoreTable: 2,
  /** One candidate sorted or listed. */
  candidate: 10,
  /** One (record, value) pair counted for a facet. */
  facetCount: 4,
  /** One facet value sorted or matched. */
  facetValue: 40,
  /** One hit built: its lookup and its object. */
  hit: 2000,
  /** One byte of a stored record decoded for a hit. */
  recordByte: 1,
  /** One attribute name of attributesToHighlight or attributesToSnippet, per hit. */
  highlightAttribute: 1000,
  /** One attribute name of attributesToRetrieve, per hit. */
  retrieveAttribute: 200,
  /** One UTF-16 unit of text highlighted or snippeted. */
  highlightChar: 100,
} as const

/**
 * The most one slice may charge: a slice is what the caller runs without yielding to its event
 * loop (one engine call, for the server's searches: ~10–15 ms here), and the caller yields once
 * it has run ~5 ms of slices, so no request holds a serving process's event loop for more than
 * ~20 ms at a stretch.
 */
export const SLICE_UNITS = 10_000_000

/** What one request (all its queries together) may charge with a search key: ten full slices. */
export const REQUEST_UNITS = 100_000_000

/** What one request may charge with the admin key: more slices, each as small, still bounded. */
export const ADMIN_REQUEST_UNITS = 1_000_000_000

/**
 * A budget ran out; `parameter` names the cause of most of the work charged. Like EngineError,
 * it is about the request's parameters (a 400 on the wire).
 */
export class WorkBudgetExceeded extends Error {
  override name = 'WorkBudgetExceeded'
  readonly parameter: WorkCause
  /** Whether one slice (a single search's work) was too much, else the request's total. */
  readonly slice: boolean

  constructor(parameter: WorkCause, slice: boolean) {
    super(
      slice
        ? `Search too expensive: ${parameter} makes one search do more work than a search may`
        : `Search too expensive: ${parameter} makes the queries of this request do more work together than a request may`,
    )
    this.parameter = parameter
    this.slice = slice
  }
}

/** The work's caller no longer wants its result (a client that hung up): no further slice runs. */
export class WorkAbandoned extends Error {
  override name = 'WorkAbandoned'

  constructor() {
    super('The work was abandoned: nobody waits for its result')
  }
}

export class WorkBudget {
  readonly #sliceLimit: number
  readonly #abandoned: (() => boolean) | undefined
  #left: number
  #sliceLeft: number
  /** Units charged per cause, and their counts when the slice began: the dominant one is named. */
  readonly #byCause = new Float64Array(CAUSE_NAMES.length)
  readonly #atSlice = new Float64Array(CAUSE_NAMES.length)

  /**
   * `total` units for the whole request, at most `slice` of them in one slice; `abandoned` says
   * whether the result is still wanted (checked as each slice begins).
   */
  constructor(total: number, slice = total, abandoned?: () => boolean) {
    this.#left = total
    this.#sliceLimit = slice
    this.#sliceLeft = slice
    this.#abandoned = abandoned
  }

  /**
   * The budget that never runs out, for the engine's callers that run no request (imports, rules,
   * the bench): one shared instance, so a search without a budget allocates none. Its counts
   * are everyone's: count one search's work with a budget of its own.
   */
  static unlimited(): WorkBudget {
    return UNLIMITED
  }

  /** Units charged so far (the request's work, as the engine counted it). */
  get spent(): number {
    let total = 0
    for (const units of this.#byCause) total += units
    return total
  }

  /**
   * A new slice begins (the caller is about to call the engine, or has yielded to its event loop):
   * throws WorkAbandoned when the result is no longer wanted.
   */
  slice(): void {
    if (this.#abandoned?.() === true) throw new WorkAbandoned()
    this.#sliceLeft = this.#sliceLimit
    this.#atSlice.set(this.#byCause)
  }

  /**
   * Charges `units` of work about to be done for `cause`; throws when the slice or the request
   * has no room for it, naming the cause of most of the work charged (this charge included).
   */
  charge(units: number, cause: CauseId): void {
    // The searches' hot path: one add to the cause's count, two to the budgets, one test.
    this.#byCause[cause]! += units
    this.#left -= units
    this.#sliceLeft -= units
    if (this.#sliceLeft < 0 || this.#left < 0) this.#refuse()
  }

  #refuse(): never {
    if (this.#sliceLeft < 0) {
      const inSlice = this.#byCause.map((units, i) => units - this.#atSlice[i]!)
      throw new WorkBudgetExceeded(dominant(inSlice), true)
    }
    throw new WorkBudgetExceeded(dominant(this.#byCause), false)
  }
}

const UNLIMITED = new WorkBudget(Number.POSITIVE_INFINITY)

function dominant(byCause: Float64Array): WorkCause {
  let best = 0
  for (let i = 1; i < byCause.length; i++) if (byCause[i]! > byCause[best]!) best = i
  return CAUSE_NAMES[best]!
}
