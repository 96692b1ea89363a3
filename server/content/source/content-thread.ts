// Loads the content in a worker thread of its own that ends once the snapshot is sent: the Markdown
// parser and Contentful's validator (~20 MB resident) are needed only while files are read, at the
// start and after an edit, so a serving process holds the snapshot, not the parser.
import { Worker } from 'node:worker_threads'
import type { ContentSnapshot } from '../content-snapshot.ts'
import { ContentError } from './content-error.ts'

/** What the thread sends back: the snapshot, or the error that stopped the load. */
export type LoadedContent =
  | { ok: true; snapshot: ContentSnapshot }
  | { ok: false; contentError: { file: string; line: number; message: string } }
  | { ok: false; error: Error }

/** The message of a ContentError without the `file:line: ` its constructor puts in front. */
function detail(error: { file: string; line: number; message: string }): string {
  const prefix = `${error.file}:${error.line}: `
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message
}

/** loadContent (content-loader.ts) in a thread of its own; rejects as it would. */
export function loadContentApart(dir: string): Promise<ContentSnapshot> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./content-thread-entry.ts', import.meta.url), {
      workerData: { dir },
    })
    let settled = false
    thread.once('message', (message: LoadedContent) => {
      settled = true
      if (message.ok) resolve(withBuffers(message.snapshot))
      else if ('contentError' in message) {
        const { file, line } = message.contentError
        reject(new ContentError(file, line, detail(message.contentError)))
      } else reject(message.error)
    })
    thread.once('error', (error) => {
      settled = true
      reject(error)
    })
    thread.once('exit', (code) => {
      if (!settled) reject(new Error(`the content thread ended (code ${code}) before sending the content`))
    })
  })
}

/** Asset bytes cross the thread as Uint8Arrays: Buffers again, over the same memory. */
function withBuffers(snapshot: ContentSnapshot): ContentSnapshot {
  const assets = new Map(
    [...snapshot.assets].map(([id, asset]) => {
      const bytes = asset.bytes as Uint8Array
      return [id, { ...asset, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }]
    }),
  )
  return { ...snapshot, assets }
}
