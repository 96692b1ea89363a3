// Messages between the page and the offline search worker (offline-worker.ts).
import type { OfflineAnswer, OfflineRequest } from './offline-paths.ts'

export type ToOfflineWorker =
  | { type: 'answer'; id: number; request: OfflineRequest; indexName: string }
  /** Builds the engines ahead of the first offline request (the network has just gone). */
  | { type: 'warm'; indexName: string }

export type FromOfflineWorker = {
  type: 'answer'
  id: number
  /** Undefined: no snapshot on this device, or a request the device does not answer. */
  answer?: OfflineAnswer
  /** The snapshot's dates, when it answered. */
  updatedAt?: string
  /** How long the worker took from the request to its answer (reading, searching, writing), in ms. */
  handledMs?: number
  /** The queryIDs of a multi-query's results (for the outbox), in order. */
  queryIDs?: Array<string | undefined>
}
