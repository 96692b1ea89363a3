// Algolia's rule for a query of four or more words that are all optional: results 1–1,000 need one
// matched word, each further 1,000 one more (with ten or more words, words ÷ 5 more). Records with
// known word counts make the cut computable by hand.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const INDEX = 'long_queries'
const WORDS = ['alpha', 'beta', 'gamma', 'delta']
// 300 records with all four words, 900 with three, 900 with two, 1,500 with one.
const TIERS = [
  { words: 4, count: 300 },
  { words: 3, count: 900 },
  { words: 2, count: 900 },
  { words: 1, count: 1500 },
]
const RECORDS = TIERS.flatMap(({ words, count }) =>
  Array.from({ length: count }, (_, i) => ({
    objectID: `w${words}-${i}`,
    text: `${WORDS.slice(0, words).join(' ')} record`,
    popularity: i,
  })),
)

describe('queries of four or more optional words', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { taskID } = await client.setSettings({
      indexName: INDEX,
      indexSettings: {
        searchableAttributes: ['text'],
        customRanking: ['desc(popularity)'],
        paginationLimitedTo: 5000,
      },
    })
    await client.waitForTask({ indexName: INDEX, taskID })
    await client.saveObjects({ indexName: INDEX, objects: RECORDS, waitForTasks: true })
  })

  it('need one more matched word for each further 1,000 results', async ({ server }) => {
    const query = WORDS.join(' ')
    const response = await server.search({ query, optionalWords: query, hitsPerPage: 1000, page: 1 }, INDEX)
    // Positions 0–999 need 1 word, 1,000–1,999 two, 2,000 on three: the two-word records fill
    // positions 1,200–2,099, so the results end at 2,000, with the 800 most popular two-word ones.
    expect(response.nbHits).toBe(2000)
    const twoWords = response.hits.filter((hit) => hit.objectID.startsWith('w2-'))
    expect(twoWords).toHaveLength(800)
    expect(Math.min(...twoWords.map((hit) => Number(hit.objectID.slice(3))))).toBe(100)
  })

  it('need words ÷ 5 more with ten or more optional words', async ({ server }) => {
    // Eight words no record holds, none within a typo of one that does.
    const query = [
      ...WORDS,
      'xylophone',
      'quokka',
      'zucchini',
      'wombat',
      'jukebox',
      'fjord',
      'sphinx',
      'kiwi',
    ].join(' ')
    const response = await server.search({ query, optionalWords: query, hitsPerPage: 0 }, INDEX)
    // Twelve words: 1,000–1,999 need 1 + 2 = 3 words; the first two-word record sits at 1,200.
    expect(response.nbHits).toBe(1200)
  })

  it('leave shorter queries and results under 1,000 alone', async ({ server }) => {
    const three = WORDS.slice(0, 3).join(' ')
    const short = await server.search({ query: three, optionalWords: three, hitsPerPage: 0 }, INDEX)
    expect(short.nbHits).toBe(3600)
    const query = WORDS.join(' ')
    const few = await server.search(
      { query, optionalWords: query, filters: 'popularity < 200', hitsPerPage: 0 },
      INDEX,
    )
    expect(few.nbHits).toBe(800)
  })
})
