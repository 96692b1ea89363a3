// Holds the current snapshot and follows edits: files are watched, a burst of changes is read
// once (debounced), and a broken edit keeps the last good content and logs the error.
import { existsSync, type FSWatcher, watch } from 'node:fs'
import { join } from 'node:path'
import type { ContentSnapshot } from '../content-snapshot.ts'
import { loadContentApart } from './content-thread.ts'

export interface ContentLog {
  info(message: string): void
  error(message: string): void
}

const RELOAD_DEBOUNCE_MS = 150

export class ContentStore {
  #snapshot: ContentSnapshot
  #watchers: FSWatcher[] = []
  #watched = new Set<string>()
  #watching = false
  #timer: NodeJS.Timeout | undefined
  #reloading: Promise<void> = Promise.resolve()
  readonly #listeners = new Set<(outcome: { ok: boolean; error?: Error }) => void>()

  readonly dir: string
  private readonly log: ContentLog

  private constructor(dir: string, snapshot: ContentSnapshot, log: ContentLog) {
    this.dir = dir
    this.#snapshot = snapshot
    this.log = log
  }

  /** Loads the content (in a thread of its own); a broken file rejects with a ContentError naming file and line. */
  static async open(dir: string, log: ContentLog): Promise<ContentStore> {
    return new ContentStore(dir, await loadContentApart(dir), log)
  }

  get snapshot(): ContentSnapshot {
    return this.#snapshot
  }

  /** Watches pages/, notices/ and assets/ for edits (and the folder itself for new ones). */
  watch(): void {
    this.#watching = true
    const folders = [this.dir, ...['pages', 'notices', 'assets'].map((name) => join(this.dir, name))]
    for (const folder of folders) {
      // A folder created later is picked up at the reload its creation triggers.
      if (!existsSync(folder) || this.#watched.has(folder)) continue
      this.#watched.add(folder)
      const watcher = watch(folder, { persistent: false }, () => this.#schedule())
      watcher.on('error', (error) => this.log.error(`content: watching ${folder} failed: ${error.message}`))
      this.#watchers.push(watcher)
    }
  }

  /** Called after every reload attempt (tests wait on it). */
  onReload(listener: (outcome: { ok: boolean; error?: Error }) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Reads the files again now; keeps the last good snapshot when they are broken. */
  reload(): Promise<void> {
    this.#reloading = this.#reloading.then(async () => {
      try {
        if (this.#watching) this.watch()
        const next = await loadContentApart(this.dir)
        const changed = next.version !== this.#snapshot.version
        this.#snapshot = next
        if (changed)
          this.log.info(`content reloaded: ${next.entries.size} entries, ${next.assets.size} assets`)
        for (const listener of this.#listeners) listener({ ok: true })
      } catch (error) {
        const reason = error instanceof Error ? error : new Error(String(error))
        this.log.error(`content not reloaded, keeping the last good version: ${reason.message}`)
        for (const listener of this.#listeners) listener({ ok: false, error: reason })
      }
    })
    return this.#reloading
  }

  close(): void {
    clearTimeout(this.#timer)
    this.#watching = false
    for (const watcher of this.#watchers) watcher.close()
    this.#watchers = []
    this.#watched.clear()
  }

  #schedule(): void {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => void this.reload(), RELOAD_DEBOUNCE_MS)
  }
}
