// The background work of analytics: prune searches and insights events past retention (at start
// and hourly; events by the time they happened) and
// rebuild the query suggestions index (at start and every 10 minutes). On a fresh install the
// first rebuild runs before the server reports ready, so the index exists from the first request;
// after a restart the old index serves while the rebuild waits for the next turn of the event
// loop. Errors are logged, never thrown: analytics must not take the server down.
import type { QuerySuggestions } from './query-suggestions.ts'
import { RETENTION_DAYS, type SearchRecorder } from './search-recorder.ts'

const PRUNE_EVERY_MS = 60 * 60 * 1000
const SUGGESTIONS_EVERY_MS = 10 * 60 * 1000

const DAY_MS = 24 * 60 * 60 * 1000

/** Stored insights events, pruned with the searches they join to. */
export interface PrunableEvents {
  prune(before: number): number
}

export interface ScheduleLog {
  info(message: string): void
  error(error: unknown, message: string): void
}

export interface AnalyticsSchedule {
  /** Runs both jobs now, then on their intervals. */
  start(): void
  stop(): void
}

export function analyticsSchedule(
  recorder: SearchRecorder,
  suggestions: QuerySuggestions,
  log: ScheduleLog,
  events?: PrunableEvents,
): AnalyticsSchedule {
  const timers: NodeJS.Timeout[] = []
  const prune = () => {
    try {
      const pruned = recorder.prune()
      if (pruned > 0) log.info(`search analytics: pruned ${pruned} searches past retention`)
      const prunedEvents = events?.prune(Date.now() - RETENTION_DAYS * DAY_MS) ?? 0
      if (prunedEvents > 0)
        log.info(`search analytics: pruned ${prunedEvents} insights events past retention`)
    } catch (error) {
      log.error(error, 'search analytics: pruning failed')
    }
  }
  const rebuild = () => {
    try {
      const { suggestions: n, ms } = suggestions.rebuild()
      log.info(`query suggestions rebuilt: ${n} suggestions in ${ms} ms`)
    } catch (error) {
      log.error(error, 'query suggestions: rebuild failed')
    }
  }
  return {
    start() {
      if (timers.length > 0) return
      prune()
      if (suggestions.exists()) timers.push(setTimeout(rebuild, 0))
      else rebuild()
      timers.push(setInterval(prune, PRUNE_EVERY_MS), setInterval(rebuild, SUGGESTIONS_EVERY_MS))
      for (const timer of timers) timer.unref()
    },
    stop() {
      for (const timer of timers.splice(0)) clearTimeout(timer)
    },
  }
}
