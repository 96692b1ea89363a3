// The page's side of the offline search: sends a request the network could not carry to the
// offline worker (started on first need) and reports where the answer came from.
import type { AppConfig } from '../shared/config.ts'
import { answerable, type OfflineAnswer, type OfflineRequest } from './offline-paths.ts'
import type { FromOfflineWorker, ToOfflineWorker } from './offline-protocol.ts'
import { answeredOnDevice } from './offline-state.ts'
import { canStoreSnapshots, storedSnapshotInfo } from './snapshot-store.ts'

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

/** Whether the device may answer for this configuration: our own service, a browser that can keep the snapshot. */
export function deviceSearchPossible(search: AppConfig['search']): boolean {
  return !!search.hosts && typeof Worker !== 'undefined' && canStoreSnapshots()
}

/** Starts building the device's engines now, so that the first offline search need not wait for it. */
export async function warmDeviceSearch(search: AppConfig['search']): Promise<void> {
  if (!deviceSearchPossible(search) || !(await deviceHasCopy(search.indexName))) return
  const message: ToOfflineWorker = { type: 'warm', indexName: search.indexName }
  offlineWorker().postMessage(message)
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
  const reply = await new Promise<FromOfflineWorker>((resolve) => {
    pending.set(id, resolve)
    offlineWorker().postMessage(message)
  })
  if (!reply.answer || !reply.updatedAt) return undefined
  answeredOnDevice(reply.updatedAt)
  return reply.answer
}
