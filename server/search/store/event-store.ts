// Insights events persisted in SQLite, one row per event, for the recommendation models and the
// analytics reports; pruned after the analytics retention period.
import { type Database, transaction } from '../../db/database.ts'

/** An insights event as the insights API accepted it (its other fields are kept in the body). */
export interface EventToStore {
  eventType: string
  eventSubtype?: string
  eventName: string
  index: string
  userToken: string
  authenticatedUserToken?: string
  timestamp?: number
  queryID?: string
  objectIDs?: string[]
  positions?: number[]
  filters?: string[]
}

export interface StoredEvent extends EventToStore {
  receivedAt: number
  timestamp: number
  /** The pseudonym of the client's address (as the search log keeps it); absent for events stored before it was kept. */
  clientIP?: string
}

export class EventStore {
  readonly #db: Database

  constructor(db: Database) {
    this.#db = db
  }

  /**
   * Stores a batch atomically; events without a timestamp get the time they were received.
   * `clientIP`: the pseudonym of the address the batch came from.
   */
  append(events: EventToStore[], receivedAt = Date.now(), clientIP?: string): void {
    const insert = this.#db.prepare(
      `INSERT INTO insights_events (received_at, timestamp, event_type, event_subtype, event_name, index_name,
         user_token, authenticated_user_token, query_id, object_ids, positions, filters, body, client_ip)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    transaction(this.#db, () => {
      for (const event of events) {
        insert.run(
          receivedAt,
          event.timestamp ?? receivedAt,
          event.eventType,
          event.eventSubtype ?? null,
          event.eventName,
          event.index,
          event.userToken,
          event.authenticatedUserToken ?? null,
          event.queryID ?? null,
          JSON.stringify(event.objectIDs ?? []),
          event.positions ? JSON.stringify(event.positions) : null,
          event.filters ? JSON.stringify(event.filters) : null,
          JSON.stringify(event),
          clientIP ?? null,
        )
      }
    })
  }

  /** Events of an index, oldest first (since: a millisecond timestamp). */
  list(index: string, since = 0): StoredEvent[] {
    const rows = this.#db
      .prepare(
        'SELECT body, received_at, timestamp, client_ip FROM insights_events WHERE index_name = ? AND timestamp >= ? ORDER BY timestamp, id',
      )
      .all(index, since) as {
      body: string
      received_at: number
      timestamp: number
      client_ip: string | null
    }[]
    return rows.map((row) => ({
      ...(JSON.parse(row.body) as EventToStore),
      receivedAt: row.received_at,
      timestamp: row.timestamp,
      ...(row.client_ip !== null ? { clientIP: row.client_ip } : {}),
    }))
  }

  /** Deletes events that happened before `before` (a millisecond timestamp); returns how many. */
  prune(before: number): number {
    return Number(this.#db.prepare('DELETE FROM insights_events WHERE timestamp < ?').run(before).changes)
  }
}
