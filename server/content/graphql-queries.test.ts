// The GraphQL API as a client sees it: each query shape, filters, order and paging, over the
// sample content whose answers we know.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ContentApp, graphql, startContentApp } from '../../tests/helpers/content-fixture.ts'

let content: ContentApp
beforeAll(async () => {
  content = await startContentApp()
})
afterAll(() => content.close())

const titles = (data: unknown, field: string) =>
  ((data as Record<string, { items: { title: string }[] }>)[field]?.items ?? []).map((item) => item.title)

describe('single entries and assets', () => {
  it('answers page(id) with sys, fields and rich text whose links resolve to entries and assets', async () => {
    const { status, data, errors } = await graphql(
      content.app,
      `{ page(id: "ueber") {
          sys { id spaceId environmentId publishedAt firstPublishedAt publishedVersion }
          title slug summary
          body { json links {
            entries { block { __typename ... on StationTeaser { stationId title } }
                      inline { ... on StationTeaser { stationId title } }
                      hyperlink { __typename ... on Page { slug } } }
            assets { block { sys { id } url title description width height contentType fileName size }
                     hyperlink { sys { id } } } } } } }`,
    )
    expect(errors).toBeUndefined()
    expect(status).toBe(200)
    // biome-ignore lint/suspicious/noExplicitAny: a deep JSON answer, checked field by field below
    const page = data?.page as Record<string, any>
    expect(page.sys).toEqual({
      id: 'ueber',
      spaceId: 'bahnhofsfinder',
      environmentId: 'master',
      publishedAt: '2026-11-01T00:00:00.000+01:00',
      firstPublishedAt: '2026-11-01T00:00:00.000+01:00',
      publishedVersion: 1,
    })
    expect(page.title).toBe('Über uns')
    const nodeTypes = page.body.json.content.map((node: { nodeType: string }) => node.nodeType)
    expect(nodeTypes).toEqual([
      'heading-2',
      'paragraph',
      'blockquote',
      'table',
      'hr',
      'embedded-asset-block',
      'embedded-entry-block',
      'paragraph',
    ])
    expect(page.body.links.entries.block).toEqual([
      { __typename: 'StationTeaser', stationId: '8011160', title: 'Berlin Hbf' },
    ])
    expect(page.body.links.entries.inline).toEqual([{ stationId: '8000207', title: 'Köln' }])
    expect(page.body.links.entries.hyperlink).toEqual([{ __typename: 'Page', slug: 'hilfe' }])
    expect(page.body.links.assets.block).toEqual([
      {
        sys: { id: 'plan' },
        url: 'http://localhost:80/content/assets/plan.png',
        title: 'Plan',
        description: 'Lageplan des Bahnhofs',
        width: 40,
        height: 30,
        contentType: 'image/png',
        fileName: 'plan.png',
        size: 33,
      },
    ])
    expect(page.body.links.assets.hyperlink).toEqual([{ sys: { id: 'plan' } }])
  })

  it('answers notice(id), asset(id) and stationTeaser(id); unknown ids are null', async () => {
    const { data } = await graphql(
      content.app,
      `{ notice(id: "beta") { title kind validFrom validUntil stationIds summary }
         asset(id: "plan") { title width }
         missing: page(id: "nope") { title }
         wrongType: page(id: "beta") { title }
         stationTeaser(id: "station-8011160-d7d4b0") { stationId } }`,
    )
    expect(data?.notice).toEqual({
      title: 'Bauarbeiten B',
      kind: 'Bauarbeiten',
      validFrom: '2026-12-01T22:00:00.000+01:00',
      validUntil: '2026-12-05T05:00:00.000+01:00',
      stationIds: ['8000207'],
      summary: 'Nachts gesperrt.',
    })
    expect(data?.asset).toEqual({ title: 'Plan', width: 40 })
    expect(data?.missing).toBeNull()
    expect(data?.wrongType).toBeNull()
  })

  it('serves the image an asset URL points to', async () => {
    const response = await content.app.inject({ method: 'GET', url: '/content/assets/plan.png' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG')
    expect((await content.app.inject({ method: 'GET', url: '/content/assets/nope.png' })).statusCode).toBe(
      404,
    )
  })
})

describe('collections', () => {
  it('filters by slug and answers total, skip and limit', async () => {
    const { data } = await graphql(
      content.app,
      '{ pageCollection(where: { slug: "hilfe" }) { total skip limit items { title } } }',
    )
    expect(data?.pageCollection).toEqual({ total: 1, skip: 0, limit: 100, items: [{ title: 'Hilfe' }] })
  })

  it('filters by kind, _in and _not', async () => {
    const { data } = await graphql(
      content.app,
      `{ a: noticeCollection(where: { kind: "Aufzug" }) { items { title } }
         b: noticeCollection(where: { kind_in: ["Aufzug", "Information"] }, order: title_ASC) { items { title } }
         c: noticeCollection(where: { kind_not: "Aufzug" }, order: title_ASC) { items { title } } }`,
    )
    expect(titles(data, 'a')).toEqual(['Aufzug A'])
    expect(titles(data, 'b')).toEqual(['Aufzug A', 'Information C'])
    expect(titles(data, 'c')).toEqual(['Bauarbeiten B', 'Information C'])
  })

  it('finds the notices current on a day: validFrom_lte, validUntil_gte or open-ended (OR)', async () => {
    const { data } = await graphql(
      content.app,
      `query Current($now: DateTime!) { noticeCollection(order: validFrom_DESC, where: {
          validFrom_lte: $now, OR: [{ validUntil_gte: $now }, { validUntil_exists: false }] }) { total items { title } } }`,
      { variables: { now: '2026-11-27T18:00:00+01:00' } },
    )
    // Aufzug A is valid until the end of the 27th (a date without time means the whole day).
    expect(titles(data, 'noticeCollection')).toEqual(['Aufzug A', 'Information C'])
  })

  it('filters station ids with _contains_some, _contains_all and _contains_none, and combines with AND', async () => {
    const { data } = await graphql(
      content.app,
      `{ some: noticeCollection(where: { stationIds_contains_some: ["8000261", "8000207"] }, order: title_ASC) { items { title } }
         all: noticeCollection(where: { stationIds_contains_all: ["8011160", "8000261"] }) { items { title } }
         none: noticeCollection(where: { stationIds_contains_none: ["8011160"] }) { items { title } }
         and: noticeCollection(where: { AND: [{ stationIds_contains_some: ["8011160"] }, { kind: "Information" }] }) { items { title } } }`,
    )
    expect(titles(data, 'some')).toEqual(['Aufzug A', 'Bauarbeiten B'])
    expect(titles(data, 'all')).toEqual(['Aufzug A'])
    expect(titles(data, 'none')).toEqual(['Bauarbeiten B'])
    expect(titles(data, 'and')).toEqual(['Information C'])
  })

  it('filters by sys fields and text contains (also in rich text)', async () => {
    const { data } = await graphql(
      content.app,
      `{ ids: noticeCollection(where: { sys: { id_in: ["alpha", "gamma"] } }, order: sys_id_DESC) { items { title } }
         published: noticeCollection(where: { sys: { publishedAt_gte: "2026-11-19T00:00:00+01:00" } }) { items { title } }
         summary: noticeCollection(where: { summary_contains: "NACHTS" }) { items { title } }
         body: pageCollection(where: { body_contains: "verzeichnis" }) { items { title } } }`,
    )
    expect(titles(data, 'ids')).toEqual(['Information C', 'Aufzug A'])
    expect(titles(data, 'published')).toEqual(['Aufzug A'])
    expect(titles(data, 'summary')).toEqual(['Bauarbeiten B'])
    expect(titles(data, 'body')).toEqual(['Über uns'])
  })

  it('orders by fields and sys fields, both directions', async () => {
    const { data } = await graphql(
      content.app,
      `{ from: noticeCollection(order: validFrom_ASC) { items { title } }
         until: noticeCollection(order: [validUntil_DESC]) { items { title } }
         published: noticeCollection(order: sys_publishedAt_DESC) { items { title } } }`,
    )
    expect(titles(data, 'from')).toEqual(['Information C', 'Aufzug A', 'Bauarbeiten B'])
    // Entries without a value come last.
    expect(titles(data, 'until')).toEqual(['Bauarbeiten B', 'Aufzug A', 'Information C'])
    expect(titles(data, 'published')).toEqual(['Aufzug A', 'Bauarbeiten B', 'Information C'])
  })

  it('pages with skip and limit; total counts every match', async () => {
    const { data } = await graphql(
      content.app,
      '{ noticeCollection(order: title_ASC, skip: 1, limit: 1) { total skip limit items { title } } }',
    )
    expect(data?.noticeCollection).toEqual({
      total: 3,
      skip: 1,
      limit: 1,
      items: [{ title: 'Bauarbeiten B' }],
    })
    const empty = await graphql(content.app, '{ noticeCollection(limit: 0) { total items { title } } }')
    expect(empty.data?.noticeCollection).toEqual({ total: 3, items: [] })
  })

  it('refuses a limit over 1000 with a Contentful error', async () => {
    const { status, errors } = await graphql(content.app, '{ noticeCollection(limit: 1001) { total } }')
    expect(status).toBe(400)
    expect(errors?.[0]?.extensions.contentful.code).toBe('TOO_COMPLEX_QUERY')
  })

  it('lists assets and station teasers as collections', async () => {
    const { data } = await graphql(
      content.app,
      `{ assetCollection(where: { contentType: "image/png" }) { total items { fileName } }
         stationTeaserCollection(order: stationId_ASC) { items { stationId } } }`,
    )
    expect(data?.assetCollection).toEqual({ total: 1, items: [{ fileName: 'plan.png' }] })
    expect(data?.stationTeaserCollection).toEqual({
      items: [{ stationId: '8000207' }, { stationId: '8011160' }],
    })
  })
})

describe('locales', () => {
  it('answers en-US where an entry has an English version and falls back to de-DE field by field where not', async () => {
    const { data, errors } = await graphql(
      content.app,
      `{ pageCollection(locale: "en-US", order: title_ASC) { items { slug title summary language } }
         noticeCollection(locale: "en-US", where: { sys: { id_in: ["alpha", "beta"] } }, order: sys_id_ASC) {
           items { title summary kind stationIds language } } }`,
    )
    expect(errors).toBeUndefined()
    expect(data?.pageCollection).toEqual({
      items: [
        { slug: 'ueber', title: 'About us', summary: 'Who we are.', language: 'en-US' },
        // Hilfe has no English version: every field comes from de-DE, the language says so.
        { slug: 'hilfe', title: 'Hilfe', summary: null, language: 'de-DE' },
      ],
    })
    expect(data?.noticeCollection).toEqual({
      items: [
        {
          title: 'Lift A',
          summary: 'Lift A is out of order.',
          // Fields that are the same in every language are the German file's.
          kind: 'Aufzug',
          stationIds: ['8011160', '8000261'],
          language: 'en-US',
        },
        {
          title: 'Bauarbeiten B',
          summary: 'Nachts gesperrt.',
          kind: 'Bauarbeiten',
          stationIds: ['8000207'],
          language: 'de-DE',
        },
      ],
    })
  })

  it('answers de-DE without a locale, and a field in another locale than its entry by its own argument', async () => {
    const { data } = await graphql(
      content.app,
      `{ german: page(id: "ueber") { title language }
         english: page(id: "ueber", locale: "en-US") { title germanTitle: title(locale: "de-DE") } }`,
    )
    expect(data).toEqual({
      german: { title: 'Über uns', language: 'de-DE' },
      english: { title: 'About us', germanTitle: 'Über uns' },
    })
  })

  it('cascades the locale to linked entries and assets, from the query or from a rich-text field', async () => {
    const links = `links { entries { hyperlink { ... on Page { slug title } } } assets { block { title description } } }`
    const { data } = await graphql(
      content.app,
      `{ query: page(id: "ueber", locale: "en-US") { body { ${links} } }
         field: page(id: "ueber") { body(locale: "en-US") { ${links} } }
         german: page(id: "ueber") { body { ${links} } } }`,
    )
    const english = {
      body: {
        links: {
          // The linked page has no English version: its title falls back.
          entries: { hyperlink: [{ slug: 'hilfe', title: 'Hilfe' }] },
          assets: { block: [{ title: 'Map', description: 'Site map of the station' }] },
        },
      },
    }
    expect(data?.query).toEqual(english)
    expect(data?.field).toEqual(english)
    expect(data?.german).toMatchObject({
      body: { links: { assets: { block: [{ title: 'Plan', description: 'Lageplan des Bahnhofs' }] } } },
    })
  })

  it('filters and orders by the values in the locale asked for, fallbacks included', async () => {
    const { data } = await graphql(
      content.app,
      `{ english: noticeCollection(locale: "en-US", where: { title_contains: "lift" }) { items { title } }
         german: noticeCollection(where: { title_contains: "lift" }) { items { title } }
         body: pageCollection(locale: "en-US", where: { body_contains: "directory" }) { items { title } }
         ordered: noticeCollection(locale: "en-US", order: title_ASC) { items { title } } }`,
    )
    expect(titles(data, 'english')).toEqual(['Lift A'])
    expect(titles(data, 'german')).toEqual([])
    expect(titles(data, 'body')).toEqual(['About us'])
    expect(titles(data, 'ordered')).toEqual(['Bauarbeiten B', 'Information C', 'Lift A'])
  })
})
