import { afterEach, describe, expect, it, vi } from 'vitest'
import { loggedSearch as search } from '../../../tests/helpers/logged-search.ts'
import type { LoggedSearch, SearchLogStore } from '../store/search-log-store.ts'
import { SearchRecorder } from './search-recorder.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** A store that keeps what it is given, and the batches it was given in; `busy` plays another writer. */
function memoryStore() {
  const batches: string[][] = []
  const kept: LoggedSearch[] = []
  let pruneBefore: number | undefined
  const state = { busy: false, waited: 0 }
  const store = {
    append(searches: LoggedSearch[]) {
      if (state.busy) state.waited++
      batches.push(searches.map((s) => s.query))
      kept.push(...searches)
      return { refused: 0 }
    },
    appendIfFree(searches: LoggedSearch[]) {
      if (state.busy) return undefined
      // As the table does: a page no integer column holds is left out, the rest written.
      const stored = searches.filter((s) => Number.isSafeInteger(s.page))
      batches.push(stored.map((s) => s.query))
      return { refused: searches.length - stored.length }
    },
    prune(before: number) {
      pruneBefore = before
      return 1
    },
  } as unknown as SearchLogStore
  return { store, batches, kept, state, pruneBefore: () => pruneBefore }
}

describe('search recorder', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('does not wait for another writer: it keeps the batch and writes it at a later interval', () => {
    vi.useFakeTimers()
    const { store, batches, state } = memoryStore()
    const recorder = new SearchRecorder(store, { flushAfterMs: 50, flushAtSize: 10 })
    state.busy = true
    for (let i = 0; i < 10; i++) recorder.record(search(`q${i}`))
    vi.advanceTimersByTime(0)
    expect(batches).toEqual([])
    expect(recorder.busyRetries).toBe(1)
    recorder.record(search('kiel'))
    state.busy = false
    vi.advanceTimersByTime(50)
    // Nothing lost, in order, in one batch.
    expect(batches).toEqual([[...Array.from({ length: 10 }, (_, i) => `q${i}`), 'kiel']])
    expect(state.waited).toBe(0)
    recorder.close()
  })

  it('waits for the database once the searches kept back make ten batches', () => {
    vi.useFakeTimers()
    const { store, batches, state } = memoryStore()
    const recorder = new SearchRecorder(store, { flushAfterMs: 50, flushAtSize: 10 })
    state.busy = true
    for (let i = 0; i < 99; i++) {
      recorder.record(search(`q${i}`))
      vi.advanceTimersByTime(5)
    }
    expect(batches).toEqual([])
    recorder.record(search('q99'))
    vi.advanceTimersByTime(50)
    expect(batches.map((batch) => batch.length)).toEqual([100])
    expect(state.waited).toBe(1)
    recorder.close()
  })

  it('writes queued searches together after its interval, not during the search', async () => {
    const { store, batches } = memoryStore()
    const recorder = new SearchRecorder(store, { flushAfterMs: 20 })
    recorder.record(search('kiel'))
    recorder.record(search('rostock'))
    expect(batches).toEqual([])
    await expect.poll(() => batches).toEqual([['kiel', 'rostock']])
  })

  it('by default writes before a logged search lives long enough for the old generation', () => {
    vi.useFakeTimers()
    const { store, batches } = memoryStore()
    const recorder = new SearchRecorder(store)
    for (let i = 0; i < 100; i++) recorder.record(search(`q${i}`))
    vi.advanceTimersByTime(0)
    // A hundred searches make a batch at once; one more is written 50 ms later.
    expect(batches.map((batch) => batch.length)).toEqual([100])
    recorder.record(search('kiel'))
    vi.advanceTimersByTime(49)
    expect(batches).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(batches.at(-1)).toEqual(['kiel'])
    recorder.close()
  })

  it('writes a full batch right after the search that filled it', async () => {
    const { store, batches } = memoryStore()
    const recorder = new SearchRecorder(store, { flushAfterMs: 60_000, flushAtSize: 3 })
    for (const query of ['a', 'b', 'c']) recorder.record(search(query))
    expect(batches).toEqual([])
    await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toEqual([['a', 'b', 'c']])
    recorder.close()
  })

  it('writes what is queued when closed, and takes nothing after', () => {
    const { store, batches } = memoryStore()
    const recorder = new SearchRecorder(store, { flushAfterMs: 60_000 })
    recorder.record(search('rostock'))
    recorder.close()
    recorder.record(search('late'))
    recorder.flush()
    expect(batches).toEqual([['rostock']])
  })

  it('reports a search its store left out, and goes on writing the others and the next batches', () => {
    vi.useFakeTimers()
    const { store, batches } = memoryStore()
    const errors: unknown[] = []
    const recorder = new SearchRecorder(store, { flushAfterMs: 50, onError: (error) => errors.push(error) })
    recorder.record(search('kiel'))
    recorder.record({ ...search('bonn'), page: 1e20 })
    recorder.record(search('ulm'))
    vi.advanceTimersByTime(50)
    recorder.record(search('rostock'))
    vi.advanceTimersByTime(50)
    expect(batches).toEqual([['kiel', 'ulm'], ['rostock']])
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toMatch(/1 search\(es\) left out of the analytics log/)
    recorder.close()
  })

  it('keeps of a search a bounded row, whatever it carried', () => {
    const { store, kept } = memoryStore()
    const recorder = new SearchRecorder(store)
    const filters = { facetFilters: Array.from({ length: 200 }, (_, i) => `federalState:Land ${i}`) }
    recorder.record({
      ...search('kiel'),
      analyticsTags: Array.from({ length: 900 }, (_, i) => `${i}${'x'.repeat(50)}`),
      userToken: 'u'.repeat(130),
      filters,
    })
    // What a web app sends is kept as it is.
    const usual = {
      ...search('kiel'),
      analyticsTags: ['mobil'],
      userToken: 'anonymous-1a2b',
      filters: { facetFilters: [['federalState:Berlin']] },
    }
    recorder.record(usual)
    recorder.flush()
    recorder.close()
    const [bounded, asSent] = kept
    expect(bounded?.analyticsTags).toHaveLength(10)
    expect(bounded?.userToken).toBeUndefined()
    expect(bounded?.filters).toEqual({ tooLong: JSON.stringify(filters).length })
    expect(asSent).toEqual(usual)
  })

  it('prunes searches older than the retention period', () => {
    const { store, pruneBefore } = memoryStore()
    const now = Date.now()
    expect(new SearchRecorder(store, { retentionDays: 90 }).prune(now)).toBe(1)
    expect(pruneBefore()).toBe(now - 90 * DAY_MS)
  })
})
