// The offline search in a dedicated worker: builds the engines from the stored snapshot once (a few
// hundred ms on a phone, off the main thread) and answers the page's requests through the server's
// own execution code. The store is read when the engines are first needed and when the page says a
// newer copy was kept ('warm'), not per request (a Cache Storage lookup costs milliseconds on a
// phone); the newer copy replaces the engines whole, so each answer comes from one version.

import type { IndexSnapshot } from '../../search-core/index.ts'
import {
  getPath,
  OfflineSearch,
  parseFacetAttributes,
  parseSearchableAttributes,
} from '../../search-core/index.ts'
import type { FromOfflineWorker, ToOfflineWorker } from './offline-protocol.ts'
import { answerOffline } from './offline-routes.ts'
import { readSnapshot, type SnapshotInfo, storedSnapshotInfo } from './snapshot-store.ts'

let loaded: { info: SnapshotInfo; search: OfflineSearch } | undefined
/** Requests being answered: the warm-up steps aside for them. */
let answering = 0
let loading: Promise<typeof loaded> | undefined

async function load(indexName: string): Promise<typeof loaded> {
  const stored = await storedSnapshotInfo(indexName)
  if (!stored) return undefined
  if (loaded && loaded.info.version === stored.version) return loaded
  const read = await readSnapshot(indexName)
  if (!read) return undefined
  const search = new OfflineSearch(read.snapshot)
  loaded = { info: read.info, search }
  // After the requests already waiting for these engines (they continue first, as microtasks). Only
  // a few words of the parsed snapshot are kept for it: the rest is garbage once the engines hold it.
  const words = warmUpWords(read.snapshot)
  setTimeout(() => void warmUp(search, words), 0)
  return loaded
}

/**
 * Searches as someone typing would make them, run once the engines are built and answered into
 * nothing: a fresh worker's code runs slowly until the JavaScript engine has compiled its hot
 * paths (at 4× CPU the first answers took 15–40 ms, later ones 2–3), so it compiles them now, not
 * during the first searches the user waits for. Every prefix of a dozen records' first searchable
 * attribute, with every facet counted, as a results page asks: about a hundred searches, a second
 * of a phone's worker at most, once per page.
 */
function warmUpWords(snapshot: IndexSnapshot): { indexName: string; facets: string[]; words: string[] } {
  // Read as the engine reads the settings: the first searchable attribute, the countable facets.
  const first = parseSearchableAttributes(snapshot.settings.searchableAttributes)?.[0]
  const facets = parseFacetAttributes(snapshot.settings.attributesForFaceting)
    .filter((facet) => !facet.filterOnly)
    .map((facet) => facet.name)
  const words: string[] = []
  const long: string[] = []
  const step = Math.max(1, Math.floor(snapshot.records.length / 12))
  for (let n = 0; n < snapshot.records.length && (words.length < 12 || long.length < 4); n += 1) {
    const record = snapshot.records[n]
    const value = first && record ? getPath(record, first.path) : undefined
    if (typeof value !== 'string') continue
    if (n % step === 0 && words.length < 12) words.push(value)
    // Single words of 9 letters and more take the two-typo path, which names rarely start with.
    const word = value.split(/\s+/).find((token) => token.length >= 9)
    if (word && long.length < 4 && !long.includes(word)) long.push(word)
  }
  return { indexName: snapshot.name, facets, words: [...words, ...long] }
}

async function warmUp(
  search: OfflineSearch,
  { indexName, facets, words }: ReturnType<typeof warmUpWords>,
): Promise<void> {
  const turn = () => new Promise((resolve) => setTimeout(resolve, answering > 0 ? 20 : 0))
  try {
    for (const word of words) {
      // Whole words too: from 4 and 8 letters on, a word may have one and two typos.
      for (let length = 1; length <= Math.min(14, word.length); length += 1) {
        // A request that came in goes first: one warm-up search at most is in its way.
        do await turn()
        while (answering > 0)
        const params = { query: word.slice(0, length), facets, hitsPerPage: 20, clickAnalytics: true }
        JSON.stringify(await search.multiQuery({ requests: [{ indexName, ...params }] }))
      }
    }
  } catch (error) {
    // Only a warm-up: the searches themselves report their errors.
    console.warn('offline search warm-up stopped:', error)
  }
}

/** One load at a time: requests that arrive while the engines are built wait for the same build. */
function current(indexName: string): Promise<typeof loaded> {
  loading ??= load(indexName).finally(() => {
    loading = undefined
  })
  return loading
}

function queryIDsOf(content: string): Array<string | undefined> | undefined {
  const results = (JSON.parse(content) as { results?: Array<{ queryID?: string }> }).results
  return results?.map((result) => result.queryID)
}

self.onmessage = async (event: MessageEvent<ToOfflineWorker>) => {
  if (event.data.type === 'warm') {
    await current(event.data.indexName).catch((error: unknown) =>
      console.warn('offline search not ready:', error),
    )
    return
  }
  const { id, request, indexName } = event.data
  const start = performance.now()
  let message: FromOfflineWorker = { type: 'answer', id }
  answering += 1
  try {
    const state = loaded ?? (await current(indexName))
    const answer = state && (await answerOffline(state.search, request))
    if (state && answer) {
      message = { type: 'answer', id, answer, updatedAt: state.info.updatedAt }
      if (answer.status === 200 && /\/queries$/.test(new URL(request.url, self.location.href).pathname))
        message.queryIDs = queryIDsOf(answer.content)
    }
  } catch (error) {
    // A snapshot that cannot be read answers nothing: the page shows the network's failure.
    console.warn('offline search failed:', error)
  } finally {
    answering -= 1
  }
  message.handledMs = performance.now() - start
  self.postMessage(message)
}
