// The messages between the supervisor (workers.ts) and its serving processes (worker-link.ts),
// sent over the cluster's IPC channel with structured clone ("advanced" serialization).
import type { ProcessExposition } from './ops/metrics-merge.ts'
import type { EngineChange } from './search/service/search-service.ts'
import type { StoredEvent } from './search/store/event-store.ts'

export type Role = 'writer' | 'follower'

/** Supervisor → worker. */
export type ToWorker =
  | { t: 'hello'; role: Role; ipKey: Uint8Array }
  /** Follower: from now on every applied task reaches it; `through` is the current watermark. */
  | { t: 'subscribed'; through: number }
  /** The writer applied a task; a follower replays its engine changes. */
  | { t: 'published'; taskID: number; changes: EngineChange[] }
  /** Every serving process has applied the tasks up to here. */
  | { t: 'through'; taskID: number }
  /** Writer: a follower logged a write. */
  | { t: 'logged' }
  | { t: 'events'; events: StoredEvent[] }
  /** Write the searches held for analytics now, then answer `flushed`. */
  | { t: 'flush'; id: number }
  | { t: 'reply'; id: number; value: number }
  /** Answer `metrics` with this process's exposition. */
  | { t: 'metrics'; id: number }
  /** The expositions of every serving process, for the one that asked (`request` kind `metrics`). */
  | { t: 'expositions'; id: number; parts: ProcessExposition[] }
  /** Every process is serving: give back to the system what the others' start made this one free. */
  | { t: 'trim-memory' }

/** Worker → supervisor. */
export type FromWorker =
  | { t: 'subscribe' }
  | { t: 'ready'; url: string; applied: number }
  | { t: 'published'; taskID: number; changes: EngineChange[] }
  | { t: 'applied'; taskID: number }
  | { t: 'logged' }
  | { t: 'events'; events: StoredEvent[] }
  | { t: 'flushed'; id: number }
  | { t: 'request'; id: number; kind: 'rate'; key: string; ip: string; limit: number }
  | { t: 'request'; id: number; kind: 'flush' }
  | { t: 'request'; id: number; kind: 'metrics' }
  | { t: 'metrics'; id: number; text: string }
