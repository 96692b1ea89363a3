// The query suggestions index (`stations_query_suggestions`): built like Algolia's Query
// Suggestions from the popular searches analytics counted, searchable with the search-only key.
// Every visitor sees its suggestions, so no one client may plant one: a query needs enough
// distinct clients (counted by user token and by address, whichever are fewer) who found stations
// with all its words, it must be spelled as the stations spell it, and some content is never
// suggested. The server sits behind a proxy on this machine, so that each visitor's address is
// the one the proxy forwards.
import { describe, expect } from 'vitest'
import { type SearchServer, testWithEnv } from './fixture.ts'

const it = testWithEnv({ TRUST_PROXY: '127.0.0.1' })

const INDEX = 'stations_query_suggestions'

interface Suggestion {
  objectID: string
  query: string
  popularity: number
  nb_words: number
  stations: {
    exact_nb_hits: number
    facets: { exact_matches: { federalState: { value: string; count: number }[] } }
  }
}

async function rebuild(server: SearchServer): Promise<void> {
  const { taskID } = server.app.context.querySuggestions.rebuild()
  if (taskID !== undefined) await server.client().waitForTask({ indexName: INDEX, taskID })
}

function suggestions(server: SearchServer, query: string) {
  return server.client(server.searchKey).searchSingleIndex<Suggestion>({
    indexName: INDEX,
    searchParams: { query, hitsPerPage: 100 },
  })
}

/** Every suggestion in the index: its normalized query (objectID) → popularity. */
async function suggested(server: SearchServer): Promise<Map<string, number>> {
  const { hits } = await server.client(server.searchKey).searchSingleIndex<Suggestion>({
    indexName: INDEX,
    searchParams: { query: '', hitsPerPage: 1000 },
  })
  return new Map(hits.map((hit) => [hit.objectID, hit.popularity]))
}

/** Visitors as the web app tells them apart: one user token each. */
const visitors = (name: string, count: number) => Array.from({ length: count }, (_, n) => `${name}-${n + 1}`)

/** Each visitor's address: one of its own, the same for all its searches. */
const addresses = new Map<string, string>()
function addressOf(userToken: string): string {
  let address = addresses.get(userToken)
  if (address === undefined) {
    const n = addresses.size + 1
    address = `198.18.${n >> 8}.${n & 255}`
    addresses.set(userToken, address)
  }
  return address
}

/** One search by a visitor, from its address (or `from`). */
function searchAs(server: SearchServer, userToken: string, query: string, from = addressOf(userToken)) {
  return server
    .client()
    .searchSingleIndex(
      { indexName: 'stations', searchParams: { query, userToken, hitsPerPage: 1 } },
      { headers: { 'x-forwarded-for': from } },
    )
}

/** One search by each user, all at once, each from its own address. */
async function searchedBy(server: SearchServer, users: string[], query: string): Promise<void> {
  await Promise.all(users.map((userToken) => searchAs(server, userToken, query)))
}

/** Stations the query finds with all its words (no word dropped). */
async function stationsWithAllWords(server: SearchServer, query: string): Promise<number> {
  const result = await server.search({ query, removeWordsIfNoResults: 'none', analytics: false })
  return result.nbHits ?? 0
}

describe('query suggestions', () => {
  it('is never empty on a fresh install: it starts with the cities of the busiest stations', async ({
    server,
  }) => {
    const result = await suggestions(server, '')
    expect(result.nbHits).toBeGreaterThan(5)
    // As the stations write their cities, busiest first (not alphabetical, not lower-case).
    const seeds = server.app.context.querySuggestions
    expect(result.hits.map((hit) => hit.query)).toEqual(expect.arrayContaining(['Hamburg', 'Berlin']))
    expect(result.hits.map((hit) => hit.query).slice(0, 3)).toEqual(
      seeds
        .build()
        .slice(0, 3)
        .map((suggestion) => suggestion.query),
    )
    const sorted = [...result.hits.map((hit) => hit.query)].sort((a, b) => a.localeCompare(b, 'de'))
    expect(result.hits.map((hit) => hit.query)).not.toEqual(sorted)
    expect(result.hits.every((hit) => hit.popularity === 0)).toBe(true)
  })

  it('suggests what enough people searched for, most people first, with hits and top Bundesländer', async ({
    server,
  }) => {
    await searchedBy(server, visitors('qs-wuppertal', 7), 'Wuppertal')
    // Popularity counts people, not searches: one of them searching again adds nothing.
    for (let n = 0; n < 3; n++) {
      await searchAs(server, 'qs-wuppertal-1', '')
      await searchAs(server, 'qs-wuppertal-1', 'Wuppertal')
    }
    await searchedBy(server, visitors('qs-hbf', 5), 'Wuppertal Hbf')
    // Typed on the way to another query: folded into it, never suggested.
    for (const typist of visitors('qs-typist', 5)) {
      for (const query of ['wup', 'wupp', 'wuppertal oberbarmen']) await searchAs(server, typist, query)
    }
    // No results, too short, and too few people: not suggested.
    await searchedBy(server, visitors('qs-none', 5), 'wuppqqq')
    await searchedBy(server, visitors('qs-short', 5), 'wu')
    await searchedBy(server, visitors('qs-few', 4), 'Wuppertal-Vohwinkel')
    await rebuild(server)

    const result = await suggestions(server, 'wup')
    // Shown as the people who asked wrote them.
    expect(result.hits.map((hit) => [hit.query, hit.popularity])).toEqual([
      ['Wuppertal', 7],
      ['Wuppertal Hbf', 5],
      ['wuppertal oberbarmen', 5],
    ])
    const stations = await server.search({ query: 'wuppertal', facets: ['federalState'], analytics: false })
    const [top] = result.hits
    expect(top).toMatchObject({
      objectID: 'wuppertal',
      query: 'Wuppertal',
      popularity: 7,
      nb_words: 1,
      stations: {
        exact_nb_hits: stations.nbHits,
        facets: {
          exact_matches: {
            federalState: [
              { value: 'Nordrhein-Westfalen', count: stations.facets?.federalState?.['Nordrhein-Westfalen'] },
            ],
          },
        },
      },
    })
    expect(result.hits[1]?.nb_words).toBe(2)
  })

  it('suggests a query 25 people asked from 25 addresses, with 25 as its popularity', async ({ server }) => {
    await searchedBy(server, visitors('qs-leipzig', 25), 'Leipzig')
    await rebuild(server)
    expect((await suggested(server)).get('leipzig')).toBe(25)
  })

  it('never suggests what one address asked with made-up user tokens, six or a thousand of them', async ({
    server,
  }) => {
    for (const userToken of visitors('qs-made-up', 6))
      await searchAs(server, userToken, 'eickel wanne hbf', '203.0.113.77')
    const minted = visitors('qs-minted', 1000)
    for (let sent = 0; sent < minted.length; sent += 50) {
      await server.client().search(
        {
          requests: minted.slice(sent, sent + 50).map((userToken) => ({
            indexName: 'stations',
            query: 'Bad Schandau',
            userToken,
            hitsPerPage: 1,
          })),
        },
        { headers: { 'x-forwarded-for': '2001:db8:77::1' } },
      )
    }
    await rebuild(server)
    let now = await suggested(server)
    expect(now.has('eickel wanne hbf')).toBe(false)
    expect(now.has('bad schandau')).toBe(false)

    // Each address counts once, however many tokens it sent: four more make five.
    await searchedBy(server, visitors('qs-schandau', 4), 'Bad Schandau')
    await rebuild(server)
    now = await suggested(server)
    expect(now.get('bad schandau')).toBe(5)
  })

  it('suggests only what the stations spell: no typo, no half word, no word order no station has', async ({
    server,
  }) => {
    const misspelled = ['Leipzg', 'Leipz', 'eickel wanne hbf', 'Börnig Herne']
    for (const [n, query] of misspelled.entries()) {
      // Each finds stations with all its words, with typos or prefixes allowed as the app searches.
      expect(await stationsWithAllWords(server, query)).toBeGreaterThan(0)
      await searchedBy(server, visitors(`qs-misspelled-${n}`, 25), query)
    }
    await searchedBy(server, visitors('qs-spelled', 25), 'Herne Börnig')
    await rebuild(server)
    const now = await suggested(server)
    for (const query of misspelled) expect(now.has(query.toLowerCase())).toBe(false)
    expect(now.get('herne börnig')).toBe(25)
  })

  it('never suggests a query one client repeated 1,000 times, until enough other people ask it', async ({
    server,
  }) => {
    const crafted = 'Erstattung nur unter bahn-erstattung.example'
    const harmless = 'Wanne-Eickel Hbf'
    expect(await stationsWithAllWords(server, harmless)).toBeGreaterThan(0)
    // Each query, then the box cleared: analytics counts every one (nothing to fold them into).
    const round = [crafted, '', harmless, ''].map((query) => ({
      indexName: 'stations',
      query,
      userToken: 'qs-one-client',
      hitsPerPage: 1,
    }))
    // 12 rounds of 4 queries per request: within the 50 queries a multi-query may carry.
    for (let sent = 0; sent < 1000; sent += 12) {
      await server.client().search({ requests: Array.from({ length: 12 }, () => round).flat() })
    }
    await rebuild(server)
    let now = await suggested(server)
    expect(now.has('erstattung nur unter bahn-erstattung.example')).toBe(false)
    expect(now.has('wanne-eickel hbf')).toBe(false)

    // Four other people make five.
    await searchedBy(server, visitors('qs-wanne', 4), harmless)
    await rebuild(server)
    now = await suggested(server)
    expect(now.get('wanne-eickel hbf')).toBe(5)
    expect(now.has('erstattung nur unter bahn-erstattung.example')).toBe(false)
  })

  it('never suggests a query 3 different clients sent once each', async ({ server }) => {
    expect(await stationsWithAllWords(server, 'Lutherstadt Wittenberg')).toBeGreaterThan(0)
    await searchedBy(server, visitors('qs-three', 3), 'Lutherstadt Wittenberg')
    await rebuild(server)
    expect((await suggested(server)).has('lutherstadt wittenberg')).toBe(false)
  })

  it('never suggests a query that found stations only because words were dropped', async ({ server }) => {
    const query = 'Regensburg Erstattungsweg'
    // The stations index drops words until something matches (removeWordsIfNoResults).
    const answer = await server.search({ query, analytics: false })
    expect(answer.nbHits).toBeGreaterThan(0)
    expect(answer).not.toHaveProperty('hitsWithAllWords')
    await searchedBy(server, visitors('qs-dropped', 25), query)
    // Not even once a station has all its words: the searches people made did not find it.
    const { taskID } = await server.client().saveObject({
      indexName: 'stations',
      body: { objectID: 'qs-erstattungsweg', name: 'Regensburg Erstattungsweg', city: 'Regensburg' },
    })
    await server.client().waitForTask({ indexName: 'stations', taskID })
    expect(await stationsWithAllWords(server, query)).toBe(1)
    await rebuild(server)
    expect((await suggested(server)).has('regensburg erstattungsweg')).toBe(false)

    const removed = await server
      .client()
      .deleteObject({ indexName: 'stations', objectID: 'qs-erstattungsweg' })
    await server.client().waitForTask({ indexName: 'stations', taskID: removed.taskID })
  })

  it('never suggests a link, an e-mail address, a phone number or hidden characters, however many ask', async ({
    server,
  }) => {
    const queries = ['berlin-hbf.berlin', 'hbf@leipzig.hbf', '(10557) 1', '\u202eleipzig hbf']
    for (const [n, query] of queries.entries()) {
      // Each finds stations with all its words: only its content keeps it out.
      expect(await stationsWithAllWords(server, query)).toBeGreaterThan(0)
      await searchedBy(server, visitors(`qs-unsafe-${n}`, 25), query)
    }
    await searchedBy(server, visitors('qs-safe', 25), 'Bad Oeynhausen')
    await rebuild(server)
    const now = await suggested(server)
    for (const query of queries) expect(now.has(query)).toBe(false)
    expect(now.get('bad oeynhausen')).toBe(25)
  })

  it('has the settings of an Algolia query suggestions index', async ({ server }) => {
    const settings = await server.client().getSettings({ indexName: INDEX })
    expect(settings).toMatchObject({
      searchableAttributes: ['query'],
      // Algolia's, and the seeds' own order among equally popular suggestions.
      customRanking: ['desc(popularity)', 'asc(seed_rank)'],
    })
    const indexes = (await server.client().listIndices()).items.map((index) => index.name)
    expect(indexes).toContain(INDEX)
    expect(indexes.filter((name) => name.startsWith(INDEX))).toEqual([INDEX])
  })
})

const configured = testWithEnv({
  TRUST_PROXY: '127.0.0.1',
  QUERY_SUGGESTIONS_MIN_USERS: '2',
  QUERY_SUGGESTIONS_EXCLUDE: 'Hamburg',
  QUERY_SUGGESTIONS_BANNED: 'wittenberg, /^ber/',
})

describe('query suggestions, configured', () => {
  configured(
    'take their floor, exclusions and banned expressions from the environment',
    async ({ server }) => {
      await searchedBy(server, visitors('qs-two', 2), 'Bad Oeynhausen')
      await searchedBy(server, visitors('qs-banned', 2), 'Lutherstadt Wittenberg')
      await rebuild(server)
      const now = await suggested(server)
      expect(now.get('bad oeynhausen')).toBe(2)
      expect(now.has('lutherstadt wittenberg')).toBe(false)
      // Seed queries follow the same rules.
      expect(now.has('hamburg')).toBe(false)
      expect(now.has('berlin')).toBe(false)
      expect(now.get('köln')).toBe(0)
    },
  )
})
