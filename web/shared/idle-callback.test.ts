import { afterEach, describe, expect, it, vi } from 'vitest'
import { onIdle } from './idle-callback.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('onIdle', () => {
  it('uses requestIdleCallback with the timeout where the browser has it, and cancels it', () => {
    const requested: Array<{ timeout?: number }> = []
    const cancelled: number[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      requested.push(options ?? {})
      callback()
      return 7
    })
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle))
    const run = vi.fn()
    const cancel = onIdle(run, 5000)
    expect(run).toHaveBeenCalledOnce()
    expect(requested).toEqual([{ timeout: 5000 }])
    cancel()
    expect(cancelled).toEqual([7])
  })

  it('without it (Safari), runs after a short timer instead of throwing, and can be cancelled', () => {
    // Only the timers: Vitest's fake timers would otherwise bring a requestIdleCallback of their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestIdleCallback', undefined)
    const run = vi.fn()
    onIdle(run, 5000)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(50)
    expect(run).toHaveBeenCalledOnce()
    const never = vi.fn()
    onIdle(never)()
    vi.advanceTimersByTime(1000)
    expect(never).not.toHaveBeenCalled()
  })
})
