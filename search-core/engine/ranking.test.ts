// Tie-breaking ranking: the lazy bucket sort, then Algolia's criteria on small records where one
// criterion decides, then sort replicas on the real stations.
import { describe, expect, it } from 'vitest'
import { ids, names, replicaSettings, seededRandom, stationIndex } from '../../tests/helpers/station-index.ts'
import { kthSmallest, topK } from './ranking.ts'
import { SearchIndex } from './search-index.ts'
import type { SearchRecord } from './types.ts'

describe('topK', () => {
  it('returns the same first k as a full lexicographic sort, ties by slot', () => {
    const random = seededRandom(7)
    const n = 5000
    const a = Float64Array.from({ length: n }, () => Math.floor(random() * 3))
    const b = Float64Array.from({ length: n }, () => Math.floor(random() * 50))
    const c = Float64Array.from({ length: n }, () => Math.floor(random() * 4))
    const slots = Int32Array.from({ length: n }, (_, i) => i)
    const fn = (col: Float64Array) => (list: Int32Array, keys: Float64Array) => {
      list.forEach((s, i) => {
        keys[i] = col[s]!
      })
    }
    const expected = [...slots].sort((x, y) => a[x]! - a[y]! || b[x]! - b[y]! || c[x]! - c[y]! || x - y)
    for (const k of [1, 20, 137, 1000, n]) {
      expect([...topK(slots, [fn(a), fn(b), fn(c)], k)]).toEqual(expected.slice(0, k))
    }
  })

  it('ranks keys outside a small integer range (fractions, negatives, infinity) like a full sort', () => {
    const random = seededRandom(9)
    const n = 3000
    const pick = [-2, -0.5, 0, 1, 1.5, 7, 1e9, Number.POSITIVE_INFINITY]
    const a = Float64Array.from({ length: n }, () => pick[Math.floor(random() * pick.length)]!)
    const b = Float64Array.from({ length: n }, () => Math.floor(random() * 6000) - 3000)
    const slots = Int32Array.from({ length: n }, (_, i) => i)
    const fn = (col: Float64Array) => (list: Int32Array, keys: Float64Array) => {
      list.forEach((s, i) => {
        keys[i] = col[s]!
      })
    }
    const order = (x: number, y: number) => (a[x]! < a[y]! ? -1 : a[x]! > a[y]! ? 1 : b[x]! - b[y]! || x - y)
    const expected = [...slots].sort(order)
    for (const k of [1, 20, 500]) expect([...topK(slots, [fn(a), fn(b)], k)]).toEqual(expected.slice(0, k))
  })

  it('sorts by one key, ties by slot, and finds the k-th smallest', () => {
    const random = seededRandom(3)
    const keys = Float64Array.from({ length: 2000 }, () => Math.floor(random() * 100))
    const slots = Int32Array.from({ length: 2000 }, (_, i) => i)
    const byKey = (list: Int32Array, out: Float64Array) => {
      list.forEach((s, i) => {
        out[i] = keys[s]!
      })
    }
    const idx = topK(slots, [byKey], slots.length)
    const sorted = [...keys].sort((x, y) => x - y)
    expect([...idx].map((i) => keys[i])).toEqual(sorted)
    for (let i = 1; i < idx.length; i++) {
      if (keys[idx[i]!] === keys[idx[i - 1]!]) expect(idx[i]).toBeGreaterThan(idx[i - 1]!)
    }
    expect(kthSmallest(keys, 0)).toBe(sorted[0])
    expect(kthSmallest(keys, 999)).toBe(sorted[999])
  })
})

function index(records: Record<string, unknown>[], settings: Record<string, unknown> = {}): SearchIndex {
  const i = new SearchIndex({
    searchableAttributes: ['title', 'desc'],
    customRanking: ['desc(w)'],
    ...settings,
  })
  i.save(records as SearchRecord[])
  return i
}

describe('criteria', () => {
  it('typo: fewer typos first, before attribute and custom ranking', () => {
    const i = index([
      { objectID: 'typo', title: 'shoa', w: 100 },
      { objectID: 'exact-in-desc', title: 'x', desc: 'shoe', w: 1 },
    ])
    expect(ids(i.search({ query: 'shoe' }))).toEqual(['exact-in-desc', 'typo'])
  })

  it('proximity: words closer together first', () => {
    const i = index([
      { objectID: 'far', title: 'red big fat shoe', w: 100 },
      { objectID: 'near', title: 'red shoe', w: 1 },
    ])
    const r = i.search({ query: 'red shoe', getRankingInfo: true })
    expect(ids(r)).toEqual(['near', 'far'])
    expect(r.hits.map((h) => h._rankingInfo?.proximityDistance)).toEqual([1, 3])
  })

  it('attribute: earlier searchable attribute first, then earlier position', () => {
    const i = index([
      { objectID: 'desc', title: 'blue shoe', desc: 'red', w: 100 },
      { objectID: 'title-late', title: 'blue red', w: 50 },
      { objectID: 'title', title: 'red shoe', w: 1 },
    ])
    expect(ids(i.search({ query: 'red' }))).toEqual(['title', 'title-late', 'desc'])
  })

  it('attribute: unordered() ignores the position, entries "a,b" share a rank', () => {
    const unordered = index(
      [
        { objectID: 'late', title: 'blue red', w: 100 },
        { objectID: 'early', title: 'red blue', w: 1 },
      ],
      { searchableAttributes: ['unordered(title)'] },
    )
    expect(ids(unordered.search({ query: 'red' }))).toEqual(['late', 'early'])
    const shared = index(
      [
        { objectID: 'desc', title: 'blue', desc: 'red', w: 100 },
        { objectID: 'title', title: 'red', w: 1 },
      ],
      { searchableAttributes: ['title,desc'] },
    )
    expect(ids(shared.search({ query: 'red' }))).toEqual(['desc', 'title'])
  })

  it('exact: a whole-word (single word: whole value) match before a prefix match', () => {
    const i = index([
      { objectID: 'prefix', title: 'shoes', w: 100 },
      { objectID: 'exact', title: 'shoe', w: 1 },
    ])
    const r = i.search({ query: 'shoe', getRankingInfo: true })
    expect(ids(r)).toEqual(['exact', 'prefix'])
    expect(r.hits.map((h) => h._rankingInfo?.nbExactWords)).toEqual([1, 0])
  })

  it('custom: customRanking breaks the remaining ties, then index order', () => {
    const i = index([
      { objectID: 'low', title: 'shoe', w: 1 },
      { objectID: 'high', title: 'shoe', w: 9 },
      { objectID: 'same-1', title: 'shoe', w: 5 },
      { objectID: 'same-2', title: 'shoe', w: 5 },
    ])
    expect(ids(i.search({ query: 'shoe' }))).toEqual(['high', 'same-1', 'same-2', 'low'])
    expect(ids(i.search({ query: '' }))).toEqual(['high', 'same-1', 'same-2', 'low'])
  })

  it('follows a customised ranking order', () => {
    const records = [
      { objectID: 'typo', title: 'shoa', w: 100 },
      { objectID: 'exact', title: 'shoe', w: 1 },
    ]
    expect(ids(index(records).search({ query: 'shoe' }))).toEqual(['exact', 'typo'])
    const customFirst = index(records, {
      ranking: ['custom', 'typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact'],
    })
    expect(ids(customFirst.search({ query: 'shoe' }))).toEqual(['typo', 'exact'])
  })

  it('rejects unknown criteria', () => {
    expect(() => new SearchIndex({ ranking: ['typo', 'popularity'] })).toThrow('Invalid ranking criterion')
    expect(() => new SearchIndex({ customRanking: ['weight'] })).toThrow('customRanking')
  })
})

describe('sort replicas on the stations', () => {
  it('asc(name) and desc(name) put the sort first, relevance after', async () => {
    const replicas = replicaSettings()
    const asc = await stationIndex(replicas.stations_name_asc)
    const all = asc.search({ query: '', hitsPerPage: 100 })
    const sortedNames = names(all)
    expect(sortedNames).toEqual([...sortedNames].sort((a, b) => a.localeCompare(b, 'de')))
    const desc = await stationIndex(replicas.stations_name_desc)
    const berlin = names(desc.search({ query: 'berlin', hitsPerPage: 50 }))
    expect(berlin.length).toBe(50)
    expect(berlin).toEqual([...berlin].sort((a, b) => b.localeCompare(a, 'de')))
  })

  it('asc(category) keeps the best relevance inside each category', async () => {
    const byCategory = await stationIndex(replicaSettings().stations_category_asc)
    const r = byCategory.search({ query: '', hitsPerPage: 60 })
    const categories = r.hits.map((h) => h.category as number)
    expect(categories).toEqual([...categories].sort((a, b) => a - b))
    // Within a category the custom ranking: main stations first, then by weight.
    const firstCategory = r.hits
      .filter((h) => h.category === categories[0])
      .map((h) => (h.mainStation ? 0 : 100_000) - (h.weight as number))
    expect(firstCategory).toEqual([...firstCategory].sort((a, b) => a - b))
  })
})
