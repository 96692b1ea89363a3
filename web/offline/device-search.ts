// The page's side of the offline search: sends a request the network could not carry to the
// offline worker (started on first need) and reports where the answer came from. Searches answered
// here go to the outbox, so that the service's analytics hear of them once back online. Loaded
// only when needed (a failed request, the page's idle time), so that no page's first bundle has it.
import type { AppConfig } from '../shared/config.ts'
import { answerable, deviceSearchPossible, type OfflineAnswer, type OfflineRequest } from './offline-paths.ts'
import type { FromOfflineWorker, ToOfflineWorker } from './offline-protocol.ts'
import { answeredOnDevice, deviceAnswering } from './offline-state.ts'
import { queueSearches } from './outbox.ts'
import type { SearchRequest } from './outbox-storage.ts'
import { storedSnapshotInfo } from './snapshot-store.ts'

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, (message: FromOfflineWorker) => void>()

/** Whether the device holds a copy of the index: looked up once, then kept current by noteCopy. */
let hasCopy: Promise<boolean> | undefined

/** Called when a copy was kept or confirmed: a running worker takes a newer one before its next answer. */
export function noteCopy(search: AppConfig['search'], kept: 'stored' | 'unchanged'): void {
  hasCopy = Promise.resolve(true)
  if (kept === 'stored' && worker) {
    const message: ToOfflineWorker = { type: 'warm', indexName: search.indexName }
    worker.postMessage(message)
  }
}

function deviceHasCopy(indexName: string): Promise<boolean> {
  hasCopy ??= storedSnapshotInfo(indexName).then(
    (info) => info !== undefined,
    () => false,
  )
  return hasCopy
}

/** Every request still waiting is answered with nothing: the page then shows the network's failure. */
function dropPending(): void {
  for (const [id, resolve] of pending) resolve({ type: 'answer', id })
  pending.clear()
}

function offlineWorker(): Worker {
  if (worker) return worker
  const started = new Worker(new URL('./offline-worker.ts', import.meta.url), { type: 'module' })
  started.onmessage = (event: MessageEvent<FromOfflineWorker>) => {
    pending.get(event.data.id)?.(event.data)
    pending.delete(event.data.id)
  }
  // Its script could not load (offline, without the installed app's kept files) or it broke: no
  // answer will come, and the next need starts a new one.
  started.onerror = () => {
    if (worker === started) worker = undefined
    started.terminate()
    dropPending()
  }
  worker = started
  return started
}

/** Starts building the device's engines now, so that the first offline search need not wait for it. */
export async function warmDeviceSearch(search: AppConfig['search']): Promise<void> {
  if (!deviceSearchPossible(search) || !(await deviceHasCopy(search.indexName))) return
  const message: ToOfflineWorker = { type: 'warm', indexName: search.indexName }
  offlineWorker().postMessage(message)
}

/** Queues the searches of a multi-query answered here, with the answer's queryIDs (outbox.ts). */
function queueAnswered(request: OfflineRequest, queryIDs: Array<string | undefined> | undefined): void {
  if (!queryIDs || !request.body) return
  try {
    const { requests } = JSON.parse(request.body) as { requests?: SearchRequest[] }
    if (Array.isArray(requests)) queueSearches(requests, queryIDs)
  } catch {
    // It was answered, so it was JSON.
  }
}

/**
 * The device's answer to a search request, or undefined when it has none (no snapshot yet, or a
 * request it does not answer): the caller then keeps the network's failure.
 */
export async function answerOnDevice(
  search: AppConfig['search'],
  request: OfflineRequest,
): Promise<OfflineAnswer | undefined> {
  if (!deviceSearchPossible(search) || !answerable(request)) return undefined
  if (!(await deviceHasCopy(search.indexName))) return undefined
  nextId += 1
  const id = nextId
  const message: ToOfflineWorker = { type: 'answer', id, request, indexName: search.indexName }
  // The first answer of a page waits for the engines to be built: the search page says so.
  const done = deviceAnswering()
  try {
    const reply = await new Promise<FromOfflineWorker>((resolve) => {
      pending.set(id, resolve)
      offlineWorker().postMessage(message)
    })
    if (!reply.answer || !reply.updatedAt) return undefined
    answeredOnDevice(reply.updatedAt)
    queueAnswered(request, reply.queryIDs)
    return reply.answer
  } finally {
    // After the answer has reached the search (promise callbacks only, before any timer): until
    // then the search still waits, and would be said to wait for a slow network.
    setTimeout(done, 0)
  }
}
