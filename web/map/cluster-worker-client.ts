// The map's side of the clustering worker: one worker per cluster layer, a generation per set of
// points, so that an answer about points that have since been replaced is dropped.
import type { ClusterPoint, DrawnFeature, FromWorker, ToWorker } from './cluster-protocol.ts'

export class ClusterWorker {
  readonly #worker = new Worker(new URL('./cluster-worker.ts', import.meta.url), { type: 'module' })
  #generation = 0
  #request = 0
  #loaded = new Map<number, (indexMs: number) => void>()
  #answers = new Map<number, (features: DrawnFeature[] | null) => void>()

  constructor() {
    this.#worker.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data
      if (message.type === 'loaded') {
        this.#loaded.get(message.generation)?.(message.indexMs)
        this.#loaded.delete(message.generation)
        return
      }
      const answer = this.#answers.get(message.request)
      this.#answers.delete(message.request)
      answer?.(message.generation === this.#generation ? message.features : null)
    }
  }

  /** Indexes these points in the worker; resolves with the worker's indexing time. */
  load(points: readonly ClusterPoint[]): Promise<number> {
    this.#generation += 1
    this.#dropAnswers()
    const coordinates = new Float64Array(points.length * 2)
    points.forEach((point, index) => {
      coordinates[2 * index] = point.lng
      coordinates[2 * index + 1] = point.lat
    })
    const generation = this.#generation
    const loaded = new Promise<number>((resolve) => this.#loaded.set(generation, resolve))
    this.#post({ type: 'load', generation, coordinates }, [coordinates.buffer])
    return loaded
  }

  /** Clusters and single points in a box at a zoom; null when newer points have replaced these. */
  query(bbox: [number, number, number, number], zoom: number): Promise<DrawnFeature[] | null> {
    this.#request += 1
    const request = this.#request
    const answer = new Promise<DrawnFeature[] | null>((resolve) => this.#answers.set(request, resolve))
    this.#post({ type: 'query', generation: this.#generation, request, bbox, zoom })
    return answer
  }

  dispose(): void {
    this.#worker.terminate()
    this.#dropAnswers()
    for (const resolve of this.#loaded.values()) resolve(Number.NaN)
    this.#loaded.clear()
  }

  /** Queries about earlier points are never answered by the worker (it has moved on): settle them. */
  #dropAnswers(): void {
    for (const resolve of this.#answers.values()) resolve(null)
    this.#answers.clear()
  }

  #post(message: ToWorker, transfer: Transferable[] = []): void {
    this.#worker.postMessage(message, transfer)
  }
}
