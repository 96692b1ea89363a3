// Redirect rules (`scope: "redirect"`, `consequence.redirect.indexName`): a matching query is
// answered from a virtual replica of the index, and the response says so in `redirect.index`;
// a target that is not a virtual replica of the index is reported as not followed.
import { describe, expect } from 'vitest'
import { it } from './fixture.ts'

const VIRTUAL = 'stations_by_category'
const STANDARD = 'stations_standard_copy'

describe('redirect rules', () => {
  it.beforeAll(async ({ server }) => {
    const client = server.client()
    const { replicas = [] } = await client.getSettings({ indexName: 'stations' })
    const added = await client.setSettings({
      indexName: 'stations',
      indexSettings: { replicas: [...replicas, `virtual(${VIRTUAL})`, STANDARD] },
    })
    await client.waitForTask({ indexName: 'stations', taskID: added.taskID })
    const ranked = await client.setSettings({
      indexName: VIRTUAL,
      indexSettings: { customRanking: ['asc(category)', 'desc(weight)'] },
    })
    await client.waitForTask({ indexName: VIRTUAL, taskID: ranked.taskID })
    const saved = await client.saveRules({
      indexName: 'stations',
      rules: [
        {
          objectID: 'grosse-bahnhoefe',
          scope: 'redirect',
          conditions: [{ anchoring: 'is', pattern: 'hamburg' }],
          consequence: { redirect: { indexName: VIRTUAL } },
        },
        {
          objectID: 'to-a-standard-replica',
          scope: 'redirect',
          conditions: [{ anchoring: 'is', pattern: 'bremen' }],
          consequence: { redirect: { indexName: STANDARD } },
        },
      ] as never,
    })
    await client.waitForTask({ indexName: 'stations', taskID: saved.taskID })
  })

  it('answers a matching query from the virtual replica and says so', async ({ server }) => {
    const redirected = await server.search({ query: 'hamburg', hitsPerPage: 50 })
    const replica = await server.search({ query: 'hamburg', hitsPerPage: 50, enableRules: false }, VIRTUAL)
    expect(redirected.hits.map((hit) => hit.objectID)).toEqual(replica.hits.map((hit) => hit.objectID))
    const plain = await server.search({ query: 'hamburg', hitsPerPage: 50, enableRules: false })
    expect(redirected.hits.map((hit) => hit.objectID)).not.toEqual(plain.hits.map((hit) => hit.objectID))
    expect(redirected).toMatchObject({
      index: 'stations',
      redirect: {
        index: [
          {
            source: 'stations',
            dest: VIRTUAL,
            succeed: true,
            data: { ruleObjectID: 'grosse-bahnhoefe' },
          },
        ],
      },
    })
    expect(typeof redirected.redirect?.index?.[0]?.reason).toBe('string')
  })

  it('does not follow a redirect to an index that is not a virtual replica', async ({ server }) => {
    const response = await server.search({ query: 'bremen', hitsPerPage: 50 })
    const plain = await server.search({ query: 'bremen', hitsPerPage: 50, enableRules: false })
    expect(response.hits.map((hit) => hit.objectID)).toEqual(plain.hits.map((hit) => hit.objectID))
    expect(response.redirect?.index?.[0]).toMatchObject({ dest: STANDARD, succeed: false })
    const other = await server.search({ query: 'köln', hitsPerPage: 1 })
    expect(other).not.toHaveProperty('redirect')
  })

  it('refuses a redirect consequence outside a redirect rule, changing nothing', async ({ server }) => {
    const response = await server.request('PUT', '/1/indexes/stations/rules/wrong-scope', {
      objectID: 'wrong-scope',
      conditions: [{ anchoring: 'is', pattern: 'kiel' }],
      consequence: { redirect: { indexName: VIRTUAL } },
    })
    expect(response.status).toBe(400)
    expect((response.body as { message: string }).message).toContain('consequence.redirect')
    const rules = await server.client().searchRules({ indexName: 'stations', searchRulesParams: {} })
    expect(rules.hits.map((hit) => hit.objectID)).not.toContain('wrong-scope')
  })
})
