// The content thread (started by content-thread.ts for each load): reads CONTENT_DIR with the
// Markdown parser and Contentful's validator, sends the snapshot back and ends, so that the parser
// never stays loaded in a serving process.
import { parentPort, workerData } from 'node:worker_threads'
import { ContentError } from './content-error.ts'
import { loadContent } from './content-loader.ts'
import type { LoadedContent } from './content-thread.ts'

const port = parentPort
if (!port) throw new Error('content-thread-entry.ts runs in a worker thread only')
const { dir } = workerData as { dir: string }

let message: LoadedContent
try {
  message = { ok: true, snapshot: await loadContent(dir) }
} catch (error) {
  message =
    error instanceof ContentError
      ? { ok: false, contentError: { file: error.file, line: error.line, message: error.message } }
      : { ok: false, error: error instanceof Error ? error : new Error(String(error)) }
}
port.postMessage(message)
