// Puts known searches into the query-suggestions index through the API with the official client,
// so that specs do not depend on what analytics has collected on a fresh server.
import { algoliasearch } from 'algoliasearch'
import { adminKey, serverUrl } from './base-url.ts'

const SUGGESTIONS_INDEX = 'stations_query_suggestions'

/**
 * { objectID, query, popularity }, as a query-suggestions index holds them; most popular first, and
 * above anything a fresh server's analytics could have made popular.
 */
const KNOWN_SEARCHES = [
  { query: 'köln hbf', popularity: 1_000_980 },
  { query: 'köln messe deutz', popularity: 1_000_870 },
  { query: 'berlin hbf', popularity: 1_000_760 },
  { query: 'hamburg hbf', popularity: 1_000_650 },
  { query: 'münchen hbf', popularity: 1_000_540 },
  { query: 'frankfurt flughafen', popularity: 1_000_430 },
].map((search) => ({ objectID: search.query, ...search }))

export async function addKnownSearches(): Promise<void> {
  const url = new URL(serverUrl())
  const config = (await (await fetch(`${url.origin}/config.json`)).json()) as { search: { appId: string } }
  const client = algoliasearch(config.search.appId, adminKey(), {
    hosts: [{ url: url.host, protocol: 'http', accept: 'readWrite' }],
  })
  // An index the service built itself keeps its settings.
  if (!(await client.indexExists({ indexName: SUGGESTIONS_INDEX }))) {
    const { taskID } = await client.setSettings({
      indexName: SUGGESTIONS_INDEX,
      indexSettings: { searchableAttributes: ['query'], customRanking: ['desc(popularity)'] },
    })
    await client.waitForTask({ indexName: SUGGESTIONS_INDEX, taskID })
  }
  // Only the known searches: the server seeds a fresh index with city names ("köln"), which would
  // outrank "köln hbf" for "köln" as the exact match.
  const { taskID } = await client.clearObjects({ indexName: SUGGESTIONS_INDEX })
  await client.waitForTask({ indexName: SUGGESTIONS_INDEX, taskID })
  await client.saveObjects({ indexName: SUGGESTIONS_INDEX, objects: KNOWN_SEARCHES, waitForTasks: true })
}
