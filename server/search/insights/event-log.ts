// The insights events the service has accepted, as the domain sees them: checked events go in,
// the recommendation and analytics models read them back. Storage is the store's business.
import type { EventStore, StoredEvent } from '../store/event-store.ts'
import type { InsightsEvent } from './event-validation.ts'

export class EventLog {
  readonly #store: EventStore

  constructor(store: EventStore) {
    this.#store = store
  }

  /** Appends checked events atomically; events without a timestamp get the time of arrival. */
  record(events: InsightsEvent[], receivedAt = Date.now()): void {
    this.#store.append(events, receivedAt)
  }

  /** Events of an index, oldest first (since: a millisecond timestamp). */
  list(index: string, since = 0): StoredEvent[] {
    return this.#store.list(index, since)
  }
}
