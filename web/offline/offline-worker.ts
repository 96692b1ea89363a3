// The offline search in a dedicated worker: builds the engines from the stored snapshot once (a few
// hundred ms on a phone, off the main thread) and answers the page's requests through the server's
// own execution code. The store is read when the engines are first needed and when the page says a
// newer copy was kept ('warm'), not per request (a Cache Storage lookup costs milliseconds on a
// phone); the newer copy replaces the engines whole, so each answer comes from one version.
import { OfflineSearch } from '../../server/search/execution/offline-search.ts'
import type { FromOfflineWorker, ToOfflineWorker } from './offline-protocol.ts'
import { answerOffline } from './offline-routes.ts'
import { readSnapshot, type SnapshotInfo, storedSnapshotInfo } from './snapshot-store.ts'

let loaded: { info: SnapshotInfo; search: OfflineSearch } | undefined
let loading: Promise<typeof loaded> | undefined

async function load(indexName: string): Promise<typeof loaded> {
  const stored = await storedSnapshotInfo(indexName)
  if (!stored) return undefined
  if (loaded && loaded.info.version === stored.version) return loaded
  const read = await readSnapshot(indexName)
  if (!read) return undefined
  loaded = { info: read.info, search: new OfflineSearch(read.snapshot) }
  return loaded
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
  }
  message.handledMs = performance.now() - start
  self.postMessage(message)
}
