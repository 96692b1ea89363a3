import { describe, expect, it } from 'vitest'
import { analyticsSchedule } from './analytics-schedule.ts'
import type { QuerySuggestions } from './query-suggestions.ts'
import type { SearchRecorder } from './search-recorder.ts'

function logSink() {
  const lines: string[] = []
  return {
    lines,
    log: {
      info: (message: string) => lines.push(message),
      error: (_error: unknown, message: string) => lines.push(`error: ${message}`),
    },
  }
}

describe('analytics schedule', () => {
  const recorder = { prune: () => 3 } as unknown as SearchRecorder
  const suggestions = (exists: boolean) =>
    ({ exists: () => exists, rebuild: () => ({ suggestions: 42, ms: 17 }) }) as unknown as QuerySuggestions

  it('on a fresh install, prunes and builds the suggestions before start returns, logging the rebuild', () => {
    const { lines, log } = logSink()
    const schedule = analyticsSchedule(recorder, suggestions(false), log)
    schedule.start()
    schedule.stop()
    expect(lines).toEqual([
      'search analytics: pruned 3 searches past retention',
      'query suggestions rebuilt: 42 suggestions in 17 ms',
    ])
  })

  it('after a restart, rebuilds the existing suggestions right after start returns', async () => {
    const { lines, log } = logSink()
    const schedule = analyticsSchedule(recorder, suggestions(true), log)
    schedule.start()
    expect(lines).toEqual(['search analytics: pruned 3 searches past retention'])
    await expect.poll(() => lines).toContain('query suggestions rebuilt: 42 suggestions in 17 ms')
    schedule.stop()
  })

  it('prunes insights events that happened before the retention period, with the searches', () => {
    const { lines, log } = logSink()
    const cutoffs: number[] = []
    const events = {
      prune: (before: number) => {
        cutoffs.push(before)
        return 5
      },
    }
    const schedule = analyticsSchedule(recorder, suggestions(false), log, events)
    schedule.start()
    schedule.stop()
    expect(lines).toContain('search analytics: pruned 5 insights events past retention')
    expect(cutoffs).toHaveLength(1)
    expect(Date.now() - cutoffs[0]!).toBeGreaterThanOrEqual(90 * 24 * 60 * 60 * 1000)
    expect(Date.now() - cutoffs[0]!).toBeLessThan(90 * 24 * 60 * 60 * 1000 + 60_000)
  })

  it('logs a failed job instead of throwing it', () => {
    const { lines, log } = logSink()
    const failing = () => {
      throw new Error('disk full')
    }
    const schedule = analyticsSchedule(
      { prune: failing } as unknown as SearchRecorder,
      { exists: () => false, rebuild: failing } as unknown as QuerySuggestions,
      log,
    )
    expect(() => schedule.start()).not.toThrow()
    schedule.stop()
    expect(lines).toEqual([
      'error: search analytics: pruning failed',
      'error: query suggestions: rebuild failed',
    ])
  })
})
