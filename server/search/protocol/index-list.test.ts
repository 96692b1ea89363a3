import { describe, expect, it } from 'vitest'
import { indexList } from './index-list.ts'

const index = (name: string, settings: { primary?: string; replicas?: string[] } = {}) => ({
  name,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
  entries: 3,
  settings,
})

describe('indexList', () => {
  it('describes each index with its pending tasks', () => {
    const { items, nbPages } = indexList([index('stations')], new Map([['stations', 2]]), {})
    expect(nbPages).toBe(1)
    expect(items).toEqual([
      {
        name: 'stations',
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-02T00:00:00.000Z',
        entries: 3,
        dataSize: 0,
        fileSize: 0,
        lastBuildTimeS: 0,
        numberOfPendingTasks: 2,
        pendingTask: true,
      },
    ])
  })

  it('names a primary’s replicas and whether a replica is virtual', () => {
    const { items } = indexList(
      [
        index('stations', { replicas: ['stations_name', 'virtual(stations_near)'] }),
        index('stations_name', { primary: 'stations' }),
        index('stations_near', { primary: 'stations' }),
      ],
      new Map(),
      {},
    )
    expect(items[0]).toMatchObject({ replicas: ['stations_name', 'stations_near'], pendingTask: false })
    expect(items[1]).toMatchObject({ primary: 'stations', virtual: false })
    expect(items[1]).not.toHaveProperty('replicas')
    expect(items[2]).toMatchObject({ primary: 'stations', virtual: true })
    expect(items[0]).not.toHaveProperty('primary')
  })

  it('answers the page asked for only when both page and hitsPerPage are given', () => {
    const indexes = ['a', 'b', 'c', 'd', 'e'].map((name) => index(name))
    const names = (list: { items: Record<string, unknown>[] }) => list.items.map((item) => item.name)
    expect(names(indexList(indexes, new Map(), { page: 1, hitsPerPage: 2 }))).toEqual(['c', 'd'])
    expect(indexList(indexes, new Map(), { page: 1, hitsPerPage: 2 }).nbPages).toBe(3)
    expect(names(indexList(indexes, new Map(), { page: 5, hitsPerPage: 2 }))).toEqual([])
    expect(names(indexList(indexes, new Map(), { hitsPerPage: 2 }))).toHaveLength(5)
    expect(indexList(indexes, new Map(), { page: 1 }).nbPages).toBe(1)
  })
})
