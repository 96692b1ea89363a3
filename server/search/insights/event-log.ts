// The insights events the service has accepted, as the domain sees them: checked events go in,
// the recommendation and analytics models read them back. Storage is the store's business.
import type { EventStore, StoredEvent } from '../store/event-store.ts'
import type { InsightsEvent } from './event-validation.ts'

/** Called after each append with the events as stored (their timestamps filled in). */
export type EventListener = (events: StoredEvent[]) => void

export class EventLog {
  readonly #store: EventStore
  readonly #listeners = new Set<EventListener>()

  readonly #onRecorded: EventListener | undefined

  /** `onRecorded`: told of the events this process stored (other processes serving together hear of them). */
  constructor(store: EventStore, onRecorded?: EventListener) {
    this.#store = store
    this.#onRecorded = onRecorded
  }

  /**
   * Appends checked events atomically; events without a timestamp get the time of arrival.
   * `clientIP`: the pseudonym of the address they came from (never the address itself).
   */
  record(events: InsightsEvent[], clientIP?: string, receivedAt = Date.now()): void {
    this.#store.append(events, receivedAt, clientIP)
    if (this.#listeners.size === 0 && !this.#onRecorded) return
    const stored = events.map((event) => ({
      ...event,
      receivedAt,
      timestamp: event.timestamp ?? receivedAt,
      ...(clientIP !== undefined ? { clientIP } : {}),
    }))
    this.#onRecorded?.(stored)
    this.heard(stored)
  }

  /** Events another process stored: the models that follow appends learn of them too. */
  heard(stored: StoredEvent[]): void {
    for (const listener of this.#listeners) listener(stored)
  }

  /** Follows appends (the recommendation models update from new events without re-reading). */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Events of an index, oldest first (since: a millisecond timestamp). */
  list(index: string, since = 0): StoredEvent[] {
    return this.#store.list(index, since)
  }

  /** Deletes events that happened before `before` (a millisecond timestamp); returns how many. */
  prune(before: number): number {
    return this.#store.prune(before)
  }
}
