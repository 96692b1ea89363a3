// Gives the memory the start-up took back to the system, once the indexes are built.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { trimAllocator } from './allocator-trim.ts'

interface CollectOptions {
  type: 'major'
  execution: 'sync'
  /** A full collection that also returns pooled pages and shrinks the young generation. */
  flavor: 'last-resort'
}
type Collect = (options: CollectOptions) => void

/**
 * Building the indexes (and importing the stations on a fresh DATA_DIR) grows V8's heap to several
 * times what stays alive: the young generation to 128 MB, the old to ~170 MB. V8 keeps the freed
 * pages committed for reuse, so without this a serving process stays at ~500 MB resident for good
 * (~200 MB after it). One last-resort collection, the one V8 runs on a low-memory notification,
 * returns them; it takes a few hundred milliseconds, once, before the process reports ready. Then
 * the C allocator's free pages go back too (allocator-trim.ts): ~12 MB per serving process.
 */
export function releaseStartupMemory(): void {
  const collect = (globalThis as { gc?: Collect }).gc ?? collector()
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  trimAllocator()
}

/** V8's collector as `--expose-gc` would give it, without leaving `gc` on the global object. */
function collector(): Collect {
  setFlagsFromString('--expose-gc')
  try {
    return runInNewContext('gc') as Collect
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}
