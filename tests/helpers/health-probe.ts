// A /healthz probe on a thread of its own: it asks every `everyMs` and waits for each answer, so
// that what it measures is how long the server kept a visitor waiting, also while the test's own
// thread (the server's, for an in-process server) is busy. Timings are for generous bounds only:
// the machine is shared.
import { Worker } from 'node:worker_threads'

export interface HealthProbe {
  /**
   * Resolves once a first probe was answered (a thread takes a while to start on a busy machine);
   * that one is not counted.
   */
  ready(): Promise<void>
  /** Probes answered so far, with their status (0: no answer) and how long each waited. */
  results(): Promise<Array<{ status: number; ms: number }>>
  stop(): Promise<void>
}

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, everyMs } = workerData
const results = []
let stopped = false
let warm = false
parentPort.on('message', (message) => {
  if (message === 'stop') stopped = true
  if (message === 'results') parentPort.postMessage(results.slice())
})
;(async () => {
  while (!stopped) {
    const started = performance.now()
    let status = 0
    try {
      const response = await fetch(url + '/healthz', { signal: AbortSignal.timeout(30000) })
      await response.text()
      status = response.status
    } catch {}
    if (!warm) {
      // The first answer only warms the connection up: it is not counted.
      warm = true
      parentPort.postMessage('ready')
    } else results.push({ status, ms: performance.now() - started })
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  parentPort.postMessage('stopped')
})()
`

export function healthProbe(url: string, everyMs = 25): HealthProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs } })
  const ready = new Promise<void>((resolve) => {
    const listen = (value: unknown) => {
      if (value !== 'ready') return
      worker.off('message', listen)
      resolve()
    }
    worker.on('message', listen)
  })
  const ask = <T>(message: string, answer: (value: unknown) => value is T): Promise<T> =>
    new Promise((resolve) => {
      const listen = (value: unknown) => {
        if (!answer(value)) return
        worker.off('message', listen)
        resolve(value)
      }
      worker.on('message', listen)
      worker.postMessage(message)
    })
  return {
    ready: () => ready,
    results: () =>
      ask('results', (value): value is Array<{ status: number; ms: number }> => Array.isArray(value)),
    async stop() {
      await ask('stop', (value): value is 'stopped' => value === 'stopped')
      await worker.terminate()
    },
  }
}
