// The GraphQL endpoint's HTTP behaviour: GET and POST, limits, errors shaped like Contentful's,
// the content token, ETag/304, environments, and the 404s of unknown page and notice URLs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ContentApp, graphql, startContentApp } from '../../tests/helpers/content-fixture.ts'

let content: ContentApp
beforeAll(async () => {
  content = await startContentApp()
})
afterAll(() => content.close())

/** A query shaped like the web app's largest: a page with its rich text and every link. */
const PAGE_QUERY = `query Page($slug: String!) { pageCollection(where: { slug: $slug }, limit: 1) { items {
  sys { id publishedAt } title summary
  body { json links {
    entries { block { __typename sys { id } ... on StationTeaser { stationId title } ... on Page { slug title } ... on Notice { slug title } }
              inline { __typename sys { id } ... on StationTeaser { stationId title } }
              hyperlink { __typename sys { id } ... on Page { slug } ... on Notice { slug } } }
    assets { block { sys { id } url title description width height contentType } hyperlink { sys { id } url title } } } } } } }`

describe('GET and POST', () => {
  it('answer the same data, with variables as JSON in the query string for GET', async () => {
    const post = await graphql(content.app, PAGE_QUERY, { variables: { slug: 'ueber' } })
    const get = await graphql(content.app, PAGE_QUERY, { variables: { slug: 'ueber' }, method: 'GET' })
    expect(post.errors).toBeUndefined()
    expect(post.status).toBe(200)
    expect(get.status).toBe(200)
    expect(get.data).toEqual(post.data)
    expect(post.data).toMatchObject({ pageCollection: { items: [{ title: 'Über uns' }] } })
  })

  it('answer a missing query with MISSING_QUERY and bad variables with INVALID_VARIABLES_FORMAT', async () => {
    const missing = await content.app.inject({ method: 'GET', url: '/graphql' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].extensions.contentful.code).toBe('MISSING_QUERY')
    const bad = await content.app.inject({
      method: 'GET',
      url: '/graphql?query=%7B__typename%7D&variables=%7Bnope',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].extensions.contentful.code).toBe('INVALID_VARIABLES_FORMAT')
  })
})

describe('errors', () => {
  it('answers a syntax error and an unknown field as GraphQL errors with a code and request id, and keeps serving', async () => {
    const syntax = await graphql(content.app, '{ pageCollection { items { title }')
    expect(syntax.status).toBe(400)
    expect(syntax.errors?.[0]?.extensions.contentful.code).toBe('INVALID_QUERY_FORMAT')
    expect(syntax.errors?.[0]?.extensions.contentful.requestId).toBe(
      syntax.headers['x-contentful-request-id'],
    )
    const unknown = await graphql(content.app, '{ pageCollection { items { nope } } }')
    expect(unknown.status).toBe(400)
    expect(unknown.errors?.[0]?.message).toContain('Cannot query field "nope"')
    expect(unknown.errors?.[0]?.extensions.contentful.code).toBe('GRAPHQL_VALIDATION_FAILED')
    const after = await graphql(content.app, '{ page(id: "hilfe") { title } }')
    expect(after.data).toEqual({ page: { title: 'Hilfe' } })
  })

  it('refuses an unknown locale with UNKNOWN_LOCALE for its path, with the locales there are, and accepts de-DE and en-US', async () => {
    const wrong = await graphql(
      content.app,
      '{ pageCollection(locale: "fr-FR") { total } page(id: "hilfe") { slug title(locale: "en") } }',
    )
    expect(wrong.status).toBe(200)
    expect(wrong.data).toEqual({ pageCollection: null, page: { slug: 'hilfe', title: null } })
    expect(wrong.errors?.map((error) => [error.path, error.message])).toEqual([
      [['pageCollection'], "Query cannot be executed. Requested locale 'fr-FR' does not exist in the space"],
      [['page', 'title'], "Query cannot be executed. Requested locale 'en' does not exist in the space"],
    ])
    expect(wrong.errors?.[0]?.extensions.contentful).toMatchObject({
      code: 'UNKNOWN_LOCALE',
      details: { availableLocaleCodes: ['de-DE', 'en-US'] },
    })
    const right = await graphql(
      content.app,
      `{ pageCollection(locale: "de-DE") { total } english: pageCollection(locale: "en-US") { total }
         page(id: "hilfe") { title(locale: "de-DE") } }`,
    )
    expect(right.errors).toBeUndefined()
    expect(right.data).toEqual({
      pageCollection: { total: 2 },
      english: { total: 2 },
      page: { title: 'Hilfe' },
    })
  })

  it('answers a request it cannot read (no JSON, a parameter twice) in the same shape, with the request id of its header', async () => {
    const notJson = await content.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{ nope',
    })
    const twice = await content.app.inject({ method: 'GET', url: '/graphql?query=%7Ba%7D&query=%7Bb%7D' })
    for (const response of [notJson, twice]) {
      expect(response.statusCode).toBe(400)
      const error = response.json().errors[0]
      expect(error.extensions.contentful.code).toBe('INVALID_QUERY_FORMAT')
      expect(error.extensions.contentful.requestId).toBe(response.headers['x-contentful-request-id'])
    }
  })

  it('refuses a variable its type refuses (a DateTime that is no date) with INVALID_VARIABLES_FORMAT, not as an internal error', async () => {
    const { status, errors } = await graphql(
      content.app,
      'query ($now: DateTime!) { noticeCollection(where: { validFrom_lte: $now }) { total } }',
      { variables: { now: 'gestern' } },
    )
    expect(status).toBe(400)
    expect(errors?.[0]?.extensions.contentful.code).toBe('INVALID_VARIABLES_FORMAT')
    expect(errors?.[0]?.message).toContain('$now')
  })

  it('answers an operation name that names no operation in the query with QUERY_OPERATION_NAME_MISMATCH', async () => {
    const response = await content.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'query Pages { pageCollection { total } }', operationName: 'Notices' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].extensions.contentful.code).toBe('QUERY_OPERATION_NAME_MISMATCH')
  })

  it('refuses queries over 8 KB with QUERY_TOO_BIG', async () => {
    const { status, errors } = await graphql(content.app, `{ __typename ${' '.repeat(8200)} }`)
    expect(status).toBe(400)
    expect(errors?.[0]?.extensions.contentful.code).toBe('QUERY_TOO_BIG')
  })
})

describe('limits', () => {
  it('refuses a query nested deeper than the limit with TOO_COMPLEX_QUERY, without executing it', async () => {
    const deep = `{ pageCollection { items { body { links { entries { block { ... on Page { body { links { entries {
      block { ... on Page { body { links { entries { block { sys { id } } } } } } } } } } } } } } } } } }`
    const { status, data, errors } = await graphql(content.app, deep)
    expect(status).toBe(400)
    expect(data).toBeUndefined()
    expect(errors?.[0]?.extensions.contentful.code).toBe('TOO_COMPLEX_QUERY')
    expect(errors?.[0]?.message).toMatch(/depth/i)
  })

  it('refuses a query whose cost is over the limit (many aliased collections) with TOO_COMPLEX_QUERY', async () => {
    const aliases = Array.from(
      { length: 60 },
      (_, n) =>
        `a${n}: pageCollection { items { body { json links { entries { block { sys { id } } } } } } }`,
    )
    const { status, errors } = await graphql(content.app, `{ ${aliases.join(' ')} }`)
    expect(status).toBe(400)
    expect(errors?.[0]?.extensions.contentful.code).toBe('TOO_COMPLEX_QUERY')
    expect(errors?.[0]?.message).toMatch(/cost/i)
  })

  it('lets the web app’s largest query through', async () => {
    const { errors } = await graphql(content.app, PAGE_QUERY, { variables: { slug: 'ueber' } })
    expect(errors).toBeUndefined()
  })
})

describe('caching', () => {
  it('gives a repeated GET an ETag match: 304 with no body', async () => {
    const url = `/graphql?query=${encodeURIComponent('{ noticeCollection { total } }')}`
    const first = await content.app.inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const second = await content.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(second.statusCode).toBe(304)
    expect(second.body).toBe('')
    const other = await content.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('{ pageCollection { total } }')}`,
      headers: { 'if-none-match': etag },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
  })
})

describe('environments', () => {
  it('answers on /graphql/environments/master and refuses another environment with UNKNOWN_ENVIRONMENT', async () => {
    const master = await graphql(content.app, '{ page(id: "hilfe") { title } }', {
      url: '/graphql/environments/master',
    })
    expect(master.data).toEqual({ page: { title: 'Hilfe' } })
    const staging = await graphql(content.app, '{ page(id: "hilfe") { title } }', {
      url: '/graphql/environments/staging',
    })
    expect(staging.status).toBe(400)
    expect(staging.errors?.[0]?.extensions.contentful.code).toBe('UNKNOWN_ENVIRONMENT')
  })
})

describe('content token', () => {
  const TOKEN = 'content-token-0123456789abcdef'
  let secured: ContentApp
  beforeAll(async () => {
    secured = await startContentApp({ env: { CONTENT_TOKEN: TOKEN } })
  })
  afterAll(() => secured.close())
  const query = '{ page(id: "hilfe") { title } }'

  it('answers 401 ACCESS_TOKEN_MISSING without a token and ACCESS_TOKEN_INVALID with a wrong one', async () => {
    const missing = await graphql(secured.app, query)
    expect(missing.status).toBe(401)
    expect(missing.errors?.[0]?.extensions.contentful.code).toBe('ACCESS_TOKEN_MISSING')
    const wrong = await graphql(secured.app, query, { headers: { authorization: 'Bearer not-the-token' } })
    expect(wrong.status).toBe(401)
    expect(wrong.errors?.[0]?.extensions.contentful.code).toBe('ACCESS_TOKEN_INVALID')
  })

  it('answers with the token as a Bearer header or as access_token, and hands it to the web app', async () => {
    const header = await graphql(secured.app, query, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(header.data).toEqual({ page: { title: 'Hilfe' } })
    const inQuery = await secured.app.inject({
      method: 'GET',
      url: `/graphql?access_token=${TOKEN}&query=${encodeURIComponent(query)}`,
    })
    expect(inQuery.json().data).toEqual({ page: { title: 'Hilfe' } })
    const config = await secured.app.inject({ method: 'GET', url: '/config.json' })
    expect(config.json().content.token).toBe(TOKEN)
  })
})

describe('page and notice URLs', () => {
  it('answers 404 for unknown /info/:slug and /meldungen/:slug, 200 for known ones', async () => {
    const status = async (url: string) => (await content.app.inject({ method: 'GET', url })).statusCode
    expect(await status('/info/hilfe')).toBe(200)
    expect(await status('/info/gibt-es-nicht')).toBe(404)
    expect(await status('/meldungen')).toBe(200)
    expect(await status('/meldungen/alpha')).toBe(200)
    expect(await status('/meldungen/gibt-es-nicht')).toBe(404)
    // A notice's slug is not a page's.
    expect(await status('/info/alpha')).toBe(404)
  })
})
