// Each index's recent events in memory: read from the event source once, on the first request for
// the index, then kept current by the source's feed of new events. The models recompute from it
// when its version moved, so a burst of clicks counts on the next request.
import type { EventSource, RecommendEvent } from './types.ts'

/** Co-interaction models look back this far; insights refuses events older than 30 days anyway. */
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000

interface IndexEvents {
  events: RecommendEvent[]
  version: number
}

export class EventWindow {
  readonly #source: EventSource
  readonly #indexes = new Map<string, IndexEvents>()
  readonly #unsubscribe: () => void

  constructor(source: EventSource) {
    this.#source = source
    this.#unsubscribe = source.subscribe((events) => this.#append(events))
  }

  /** The index's events of the last 30 days before `now`, oldest first, and their version. */
  events(index: string, now: number): IndexEvents {
    let entry = this.#indexes.get(index)
    if (!entry) {
      entry = { events: this.#source.list(index, now - WINDOW_MS), version: 1 }
      this.#indexes.set(index, entry)
    }
    this.#prune(entry, now)
    return entry
  }

  close(): void {
    this.#unsubscribe()
  }

  #append(events: RecommendEvent[]): void {
    for (const event of events) {
      // An index not read yet reads these from the source when it is first asked for.
      const entry = this.#indexes.get(event.index)
      if (!entry) continue
      entry.events.push(event)
      entry.version += 1
    }
  }

  /** Drops events that left the window. */
  #prune(entry: IndexEvents, now: number): void {
    const oldest = now - WINDOW_MS
    if (!entry.events.some((event) => event.timestamp < oldest)) return
    entry.events = entry.events.filter((event) => event.timestamp >= oldest)
    entry.version += 1
  }
}
