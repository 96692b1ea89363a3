// Builds the supercluster index off the main thread: indexing thousands of points takes longer
// than a frame, and the page must stay responsive while the clusters follow a refinement.
import Supercluster, { type PointFeature } from 'supercluster'
import type { DrawnFeature, FromWorker, ToWorker } from './cluster-protocol.ts'

type Properties = { index: number }

let generation = -1
let clusters: Supercluster<Properties> | null = null

function post(message: FromWorker): void {
  self.postMessage(message)
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data
  if (message.type === 'load') {
    const start = performance.now()
    const { coordinates } = message
    const features: Array<PointFeature<Properties>> = []
    for (let index = 0; index < coordinates.length / 2; index += 1) {
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [coordinates[2 * index]!, coordinates[2 * index + 1]!] },
        properties: { index },
      })
    }
    clusters = new Supercluster<Properties>({ radius: 60, maxZoom: 14 }).load(features)
    generation = message.generation
    post({ type: 'loaded', generation, indexMs: performance.now() - start })
    return
  }
  // A query for an index that has since been replaced is answered by the newer load's draw.
  if (!clusters || message.generation !== generation) return
  const index = clusters
  const features: DrawnFeature[] = index.getClusters(message.bbox, message.zoom).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number]
    const properties = feature.properties
    if ('cluster' in properties && properties.cluster) {
      return {
        kind: 'cluster',
        lat,
        lng,
        count: properties.point_count,
        expansionZoom: index.getClusterExpansionZoom(properties.cluster_id),
      }
    }
    return { kind: 'point', lat, lng, index: (properties as Properties).index }
  })
  post({ type: 'clusters', generation, request: message.request, features })
}
