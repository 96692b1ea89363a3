// Work limits decided before the work: queries per multi-query, hits per request, the size of one
// answer; and records that are refused at the API instead of acknowledged and then dropped.
import { connect } from 'node:net'
import { describe, expect } from 'vitest'
import { it, type SearchServer } from './fixture.ts'

/**
 * Sends `raw` on a connection of its own and answers what the server wrote until it closed the
 * connection (it does after answering HTTP/1.0 and 0.9).
 */
function rawRequest(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      answer += chunk
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

/** The same as JSON text, built without recursion: JSON.stringify itself fails at such depths. */
function nestedJson(depth: number): string {
  const open: string[] = []
  const close: string[] = []
  for (let level = 0; level < depth; level++) {
    open.push(level % 2 === 0 ? '{"inner":' : '[')
    close.push(level % 2 === 0 ? '}' : ']')
  }
  return `${open.reverse().join('')}"Gleis"${close.join('')}`
}

const searchKeyHeaders = (key: string) => ({ 'x-algolia-api-key': key })

/** `count` copies of one request, posted to a multi-index route with the public search key. */
function postMany(server: SearchServer, path: string, count: number, request: Record<string, unknown>) {
  const requests = Array.from({ length: count }, () => request)
  return server.request('POST', path, { requests }, searchKeyHeaders(server.searchKey))
}

function nested(depth: number): unknown {
  let value: unknown = 'Gleis'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { inner: value } : [value]
  return value
}

describe('work limits of one search request', () => {
  it('refuses a multi-query of more than 50 queries before any search runs', async ({ server }) => {
    const query = { indexName: 'stations', query: 'köln', hitsPerPage: 1 }
    const refused = await postMany(server, '/1/indexes/*/queries', 51, query)
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      message: 'Too many queries in multi query request: 51, the limit is 50',
      status: 400,
    })
    expect((await postMany(server, '/1/indexes/*/queries', 50, query)).status).toBe(200)
  })

  it('refuses queries that ask for more than 1,000 hits together; one query of 1,000 is answered', async ({
    server,
  }) => {
    const requests = Array.from({ length: 3 }, () => ({ indexName: 'stations', hitsPerPage: 1000 }))
    const refused = await server.request(
      'POST',
      '/1/indexes/*/queries',
      { requests },
      searchKeyHeaders(server.searchKey),
    )
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toMatch(
      /ask for 3000 hits together, the limit is 1000/,
    )
    // Queries without hitsPerPage count with the index's default (20): 51 × 20 is over, 50 × 20 is not.
    const one = await server.lite().search({ requests: [{ indexName: 'stations', hitsPerPage: 1000 }] })
    expect((one.results[0] as { hits: unknown[] }).hits).toHaveLength(1000)
    const single = await server.request(
      'GET',
      '/1/indexes/stations/query?hitsPerPage=1000&length=1000',
      undefined,
      {
        'x-algolia-api-key': server.searchKey,
      },
    )
    expect(single.status).toBe(200)
  })

  it('a page of 1,000 hits, built in slices between other requests, is the same as ten pages of 100', async ({
    server,
  }) => {
    const params = { query: 'bahnhof', attributesToRetrieve: ['name'], attributesToHighlight: ['name'] }
    const whole = await server.search({ ...params, hitsPerPage: 1000, facets: ['federalState'] })
    expect(whole.hits).toHaveLength(1000)
    expect(whole.facets?.federalState).toBeDefined()
    expect([whole.page, whole.hitsPerPage, whole.nbPages]).toEqual([
      0,
      1000,
      Math.ceil(Math.min(whole.nbHits ?? 0, 1000) / 1000),
    ])
    const pages = []
    for (let page = 0; page < 10; page++)
      pages.push(await server.search({ ...params, hitsPerPage: 100, page }))
    expect(whole.hits.map((hit) => hit.objectID)).toEqual(
      pages.flatMap((page) => page.hits.map((hit) => hit.objectID)),
    )
    expect(whole.hits[999]?._highlightResult).toEqual(pages[9]?.hits[99]?._highlightResult)
  })

  it('refuses a recommendations call of more than 50 requests', async ({ server }) => {
    const refused = await postMany(server, '/1/indexes/*/recommendations', 51, {
      indexName: 'stations',
      model: 'trending-items',
      threshold: 0,
    })
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toMatch(/1 to 50 requests/)
  })

  it('refuses an answer larger than 10 MB with a message naming the limit', async ({ server }) => {
    const client = server.client()
    const text = 'Bahnsteig '.repeat(9000)
    for (let batch = 0; batch < 3; batch++) {
      await client.saveObjects({
        indexName: 'large_records',
        objects: Array.from({ length: 50 }, (_, i) => ({ objectID: `r${batch}-${i}`, text })),
        waitForTasks: true,
      })
    }
    const refused = await server.request('POST', '/1/indexes/large_records/query', {
      hitsPerPage: 150,
      attributesToHighlight: [],
    })
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toMatch(
      /^The answer would be 1\d\.\d MB, over the limit of 10\.0 MB: ask for fewer hits/,
    )
    const fewer = await server.request('POST', '/1/indexes/large_records/query', {
      hitsPerPage: 50,
      attributesToHighlight: [],
    })
    expect(fewer.status).toBe(200)
  })
})

describe('records refused before they are acknowledged', () => {
  const refusedWrite = async (server: SearchServer, record: Record<string, unknown>) => {
    const response = await server.request('PUT', `/1/indexes/depots/${String(record.objectID)}`, record)
    const stored = await server.request('GET', `/1/indexes/depots/${String(record.objectID)}`)
    return { response, stored: stored.status }
  }

  it('a record nested deeper than 32 levels: 400 naming the limit, nothing stored', async ({ server }) => {
    const { response, stored } = await refusedWrite(server, {
      objectID: 'deep',
      name: 'Tief',
      value: nested(33),
    })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toMatch(
      /^Record at the position 0 objectID=deep is nested too deeply: more than 32 levels/,
    )
    expect(stored).toBe(404)
  })

  it('a body nested thousands of levels deep: 400, and the server answers searches after it', async ({
    server,
  }) => {
    for (const depth of [3000, 4000, 100_000]) {
      const body = `{"objectID":"deep${depth}","value":${nestedJson(depth)}}`
      const response = await server.request('PUT', `/1/indexes/depots/deep${depth}`, body)
      const stored = (await server.request('GET', `/1/indexes/depots/deep${depth}`)).status
      expect(response.status).toBe(400)
      expect((response.body as { message: string }).message).toMatch(/nested too deeply: more than 64 levels/)
      expect(stored).toBe(404)
    }
    expect((await server.search({ query: 'köln', hitsPerPage: 1 })).nbHits).toBeGreaterThan(0)
  })

  it('a record over 100 KB or with more than 1,000 attributes: 400 naming the limit', async ({ server }) => {
    const big = await refusedWrite(server, { objectID: 'big', text: 'x'.repeat(101 * 1024) })
    expect(big.response.status).toBe(400)
    expect((big.response.body as { message: string }).message).toMatch(
      /objectID=big is too big size=\d+\/102400 bytes \(the limit is 100 KB\)/,
    )
    expect(big.stored).toBe(404)
    const wide = await refusedWrite(server, {
      objectID: 'wide',
      ...Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`a${i}`, i])),
    })
    expect(wide.response.status).toBe(400)
    expect((wide.response.body as { message: string }).message).toMatch(
      /has too many attributes: more than 1000/,
    )
    expect(wide.stored).toBe(404)
  })

  it('a partial update that would grow the record over 100 KB is refused; the record stays', async ({
    server,
  }) => {
    const client = server.client()
    await client.saveObject({ indexName: 'depots', body: { objectID: 'growing', notes: ['a'] } })
    await client.waitForTask({
      indexName: 'depots',
      taskID: (await client.saveObject({ indexName: 'depots', body: { objectID: 'growing', notes: ['a'] } }))
        .taskID,
    })
    const response = await server.request('POST', '/1/indexes/depots/growing/partial', {
      text: 'y'.repeat(60 * 1024),
      more: 'z'.repeat(60 * 1024),
    })
    expect(response.status).toBe(400)
    expect((await client.getObject({ indexName: 'depots', objectID: 'growing' })).notes).toEqual(['a'])
  })

  it('every acknowledged record at the limits is applied and found, highlighted, by search', async ({
    server,
  }) => {
    const client = server.client()
    const record = { objectID: 'at-limit', name: 'Grenzbahnhof', value: nested(31) }
    const { taskID } = await client.saveObject({ indexName: 'depots', body: record })
    await client.waitForTask({ indexName: 'depots', taskID })
    const found = await server.search({ query: 'gleis' }, 'depots')
    expect(found.hits.map((hit) => hit.objectID)).toContain('at-limit')
  })

  it('deleting from an index that does not exist is an ordinary successful task that creates nothing', async ({
    server,
  }) => {
    const client = server.client()
    const { taskID } = await client.deleteObject({ indexName: 'never_created', objectID: '1' })
    await client.waitForTask({ indexName: 'never_created', taskID })
    expect((await client.getTask({ indexName: 'never_created', taskID })).status).toBe('published')
    const { items } = await client.listIndices()
    expect(items.map((index) => index.name)).not.toContain('never_created')
  })
})

describe('errors in the right shape', () => {
  it('an unknown /2/ path is an Algolia-shaped JSON 404, not the web app', async ({ server }) => {
    const response = await server.request('GET', '/2/nothing-here')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.body).toEqual({ message: 'Not found: GET /2/nothing-here', status: 404 })
  })

  it('a malformed Host header is a 400, on every route', async ({ server }) => {
    for (const url of ['/config.json', '/healthz', '/1/indexes/stations/query', '/suche']) {
      for (const host of ['[bad', 'a b', 'bahnhof.example:99999', '[:::]', '999.1.1.1']) {
        const response = await server.app.inject({ method: 'GET', url, headers: { host } })
        expect(response.statusCode, `${url} ${host}`).toBe(400)
        expect(response.json()).toEqual({ message: 'Invalid Host header', status: 400 })
      }
    }
    const fine = await server.app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'bahnhof.example:8443' },
    })
    expect(fine.json().content.url).toBe('http://bahnhof.example:8443/graphql')
  })

  it('a request without a Host header is a 400, in HTTP/1.0 and 0.9 alike', async ({ server }) => {
    for (const path of ['/', '/suche', '/config.json', '/healthz', '/1/indexes/stations/query']) {
      // HTTP/0.9 has no version and no headers: the line and an empty one.
      for (const raw of [`GET ${path} HTTP/1.0\r\n\r\n`, `GET ${path}\r\n\r\n`]) {
        const answer = await rawRequest(server.url, raw)
        expect(answer.split('\r\n')[0], JSON.stringify(raw)).toMatch(/^HTTP\/1\.[01] 400 /)
        expect(answer).toContain('{"message":"Missing Host header","status":400}')
      }
    }
    const named = await rawRequest(server.url, 'GET /config.json HTTP/1.0\r\nHost: bahnhof.example\r\n\r\n')
    expect(named.split('\r\n')[0]).toMatch(/^HTTP\/1\.[01] 200 /)
  })

  it('GraphQL variables nested too deeply: 400 in Contentful’s shape, no internal message', async ({
    server,
  }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: `{"query":"query ($v: String) { __typename }","variables":{"v":${nestedJson(5000)}}}`,
    })
    expect(response.statusCode).toBe(400)
    const body = response.json() as {
      errors: Array<{ message: string; extensions: { contentful: { code: string } } }>
    }
    expect(body.errors[0]?.extensions.contentful.code).toBe('INVALID_VARIABLES_FORMAT')
    expect(response.body).not.toMatch(/stack|Maximum call/i)
  })
})
