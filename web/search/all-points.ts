// Every station that matches the current search, as points for the map's clustered layer. One
// lean query per 1,000 stations (name and position only, no highlighting, no facets, no analytics),
// built from the echo of the list's own query so that both always agree. A search may page only
// through its first 1,000 hits (the index's paginationLimitedTo): beyond that the result is split
// into latitude bands of at most 1,000 stations each with `insideBoundingBox`.
import type { LiteClient } from 'algoliasearch/lite'
import { parseBoundingBox } from '../map/bounds.ts'

export interface MapPoint {
  id: string
  name: string
  lat: number
  lng: number
  /** Step-free access "ja": drawn by the "Stufenfrei erreichbar" overlay. */
  stepFree: boolean
  /** ICE or IC/EC trains stop here: drawn by the "Fernverkehrshalte" overlay. */
  longDistance: boolean
}

interface PointHit {
  objectID: string
  name?: string
  steplessAccess?: string
  longDistance?: boolean
  _geoloc?: { lat: number; lng: number }
}

/** Hits one query may page through, and so the most one band may hold. */
const MAX_HITS_PER_QUERY = 1000
/** Bands are sized for this many stations, so that most stay under the limit at the first try. */
const BAND_TARGET = 800

const DROPPED_PARAMS = [
  'facets',
  'maxValuesPerFacet',
  'page',
  'offset',
  'length',
  'highlightPreTag',
  'highlightPostTag',
  'getRankingInfo',
  'analyticsTags',
  'responseFields',
]

const LEAN_PARAMS = {
  hitsPerPage: MAX_HITS_PER_QUERY,
  attributesToRetrieve: ['name', '_geoloc', 'steplessAccess', 'longDistance'],
  attributesToHighlight: [],
  attributesToSnippet: [],
  analytics: false,
  clickAnalytics: false,
}

/** The list query's parameters, as the service echoes them, turned into the lean points query. */
function leanParams(echo: string, insideBoundingBox?: number[]): string {
  const params = new URLSearchParams(echo)
  for (const name of DROPPED_PARAMS) params.delete(name)
  for (const [name, value] of Object.entries(LEAN_PARAMS)) params.set(name, JSON.stringify(value))
  if (insideBoundingBox) params.set('insideBoundingBox', JSON.stringify([insideBoundingBox]))
  return params.toString()
}

function toPoints(hits: PointHit[]): MapPoint[] {
  return hits.flatMap((hit) =>
    hit._geoloc
      ? [
          {
            id: hit.objectID,
            name: hit.name ?? hit.objectID,
            lat: hit._geoloc.lat,
            lng: hit._geoloc.lng,
            stepFree: hit.steplessAccess === 'ja',
            longDistance: hit.longDistance === true,
          },
        ]
      : [],
  )
}

interface Band {
  south: number
  north: number
}

/** Latitude bands expected to hold about BAND_TARGET stations each, judged from a sample. */
function bandsFromSample(latitudes: number[], nbHits: number, south = -90, north = 90): Band[] {
  const sorted = [...latitudes].sort((a, b) => a - b)
  const count = Math.max(2, Math.ceil(nbHits / BAND_TARGET))
  const edges = [south]
  for (let n = 1; n < count; n++) {
    const at = Math.floor((n / count) * sorted.length)
    const edge = ((sorted[at - 1] ?? south) + (sorted[at] ?? north)) / 2
    if (edge > edges.at(-1)! && edge < north) edges.push(edge)
  }
  edges.push(north)
  return edges.slice(1).map((edge, n) => ({ south: edges[n]!, north: edge }))
}

export interface PointsQuery {
  client: LiteClient
  indexName: string
  /** The `params` echo of the list's query. */
  echo: string
  nbHits: number
}

/** All matching stations' points, deduplicated (a station on a band's edge is in both bands). */
export async function fetchAllPoints({ client, indexName, echo, nbHits }: PointsQuery): Promise<MapPoint[]> {
  // One single-index query per box (POST /1/indexes/{index}/query), in parallel: apart from the
  // list's multi-queries, so they never hold up or get mistaken for the list's answers.
  const path = `1/indexes/${encodeURIComponent(indexName)}/query`
  const run = (boxes: Array<number[] | undefined>) =>
    Promise.all(
      boxes.map(async (box) => {
        const answer = (await client.customPost({ path, body: { params: leanParams(echo, box) } })) as {
          hits?: PointHit[]
          nbHits?: number
        }
        return { hits: answer.hits ?? [], nbHits: answer.nbHits ?? 0 }
      }),
    )
  const [first] = await run([undefined])
  const firstPoints = toPoints(first?.hits ?? [])
  if (nbHits <= MAX_HITS_PER_QUERY) return firstPoints

  // The user's map box, if any, bounds the bands; its longitudes stay as they are.
  const userBox = parseBoundingBox(new URLSearchParams(echo).get('insideBoundingBox'))
  const [south, north, west, east] = userBox
    ? [Math.min(userBox[0], userBox[2]), Math.max(userBox[0], userBox[2]), userBox[3], userBox[1]]
    : [-90, 90, -180, 180]
  const box = (band: Band) => [band.north, east, band.south, west]

  const byId = new Map<string, MapPoint>()
  let bands = bandsFromSample(
    firstPoints.map((point) => point.lat),
    nbHits,
    south,
    north,
  )
  // A band over the limit is halved and asked again; a few rounds at most for any real data.
  for (let round = 0; bands.length > 0 && round < 8; round++) {
    const answers = await run(bands.map(box))
    const next: Band[] = []
    answers.forEach((answer, n) => {
      const band = bands[n]!
      if ((answer.nbHits ?? 0) > MAX_HITS_PER_QUERY && band.north - band.south > 1e-6) {
        const middle = (band.south + band.north) / 2
        next.push({ south: band.south, north: middle }, { south: middle, north: band.north })
      } else {
        for (const point of toPoints(answer.hits)) byId.set(point.id, point)
      }
    })
    bands = next
  }
  return [...byId.values()]
}
