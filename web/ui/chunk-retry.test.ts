import { describe, expect, it, vi } from 'vitest'
import { loadAgain } from './chunk-retry.ts'

describe('loading a chunk again', () => {
  it('answers with the chunk when the second import succeeds, without a reload', async () => {
    const reload = vi.fn()
    const value = await loadAgain(async () => 'map', {
      restoreStylesheets: async () => {},
      pageReachable: async () => true,
      reload,
    })
    expect(value).toBe('map')
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads the page when the import fails again although the page answers (the browser kept the failure)', async () => {
    const reload = vi.fn()
    const pending = loadAgain(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      {
        restoreStylesheets: async () => {},
        pageReachable: async () => true,
        reload,
      },
    )
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    // It never settles: the page goes away, and until then the part shows that it loads.
    const settled = await Promise.race([
      pending.then(() => true),
      new Promise((resolve) => setTimeout(resolve, 20, false)),
    ])
    expect(settled).toBe(false)
  })

  it('adds the failed stylesheets again before the chunk, and treats their failure as a failure of the chunk', async () => {
    const order: string[] = []
    const reload = vi.fn()
    const value = await loadAgain(
      async () => {
        order.push('chunk')
        return 'map'
      },
      {
        restoreStylesheets: async () => void order.push('stylesheets'),
        pageReachable: async () => true,
        reload,
      },
    )
    expect([value, order]).toEqual(['map', ['stylesheets', 'chunk']])
    const failure = new Error('Stylesheet konnte nicht geladen werden')
    await expect(
      loadAgain(async () => 'map', {
        restoreStylesheets: () => Promise.reject(failure),
        pageReachable: async () => false,
        reload,
      }),
    ).rejects.toBe(failure)
    expect(reload).not.toHaveBeenCalled()
  })

  it('keeps the failure and does not reload while the page cannot be fetched either (still offline)', async () => {
    const reload = vi.fn()
    const failure = new TypeError('Failed to fetch dynamically imported module')
    await expect(
      loadAgain(() => Promise.reject(failure), {
        restoreStylesheets: async () => {},
        pageReachable: async () => false,
        reload,
      }),
    ).rejects.toBe(failure)
    expect(reload).not.toHaveBeenCalled()
  })
})
