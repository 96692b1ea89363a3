// The sync's progress on disk, so that a rerun after an interruption continues where the last
// acknowledged step left off instead of copying every record again.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

export const SYNC_PHASES = ['settings', 'records', 'synonyms', 'rules', 'move', 'replicas', 'done'] as const
export type SyncPhase = (typeof SYNC_PHASES)[number]

const stateSchema = z.object({
  /** Which sync this is: a state for another source or target is not resumed. */
  key: z.string(),
  tmpIndex: z.string(),
  phase: z.enum(SYNC_PHASES),
  /** Browse cursor of the next page to copy; absent before the first page and after the last. */
  cursor: z.string().optional(),
  recordsCopied: z.number().int().min(0),
  totalRecords: z.number().int().min(0),
})

export type SyncState = z.infer<typeof stateSchema>

export interface StateFile {
  load(key: string): SyncState | undefined
  save(state: SyncState): void
  clear(): void
}

/** A JSON state file, replaced atomically (write then rename) so a crash never leaves half a file. */
export function stateFile(path: string): StateFile {
  return {
    load(key) {
      if (!existsSync(path)) return undefined
      let raw: unknown
      try {
        raw = JSON.parse(readFileSync(path, 'utf8'))
      } catch {
        return undefined
      }
      const parsed = stateSchema.safeParse(raw)
      if (!parsed.success || parsed.data.key !== key || parsed.data.phase === 'done') return undefined
      return parsed.data
    },
    save(state) {
      writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`)
      renameSync(`${path}.tmp`, path)
    },
    clear() {
      rmSync(path, { force: true })
    },
  }
}
