// Messages between the map and its clustering worker (cluster-worker.ts). Points travel as one
// coordinate array (transferred, not copied); answers carry only what drawing needs.

/** A point the map clusters: a station with its position. */
export interface ClusterPoint {
  id: string
  name: string
  lat: number
  lng: number
}

interface LoadMessage {
  type: 'load'
  generation: number
  /** lng, lat of point i at 2i, 2i + 1. */
  coordinates: Float64Array
}

interface QueryMessage {
  type: 'query'
  generation: number
  request: number
  /** west, south, east, north */
  bbox: [number, number, number, number]
  zoom: number
}

export type ToWorker = LoadMessage | QueryMessage

/** A cluster (count > 1) or a single point (its index in the loaded points). */
export type DrawnFeature =
  | { kind: 'cluster'; lat: number; lng: number; count: number; expansionZoom: number }
  | { kind: 'point'; lat: number; lng: number; index: number }

interface LoadedMessage {
  type: 'loaded'
  generation: number
  /** Time the worker spent building the index (off the main thread). */
  indexMs: number
}

interface ClustersMessage {
  type: 'clusters'
  generation: number
  request: number
  features: DrawnFeature[]
}

export type FromWorker = LoadedMessage | ClustersMessage
