// Gives the C allocator's free pages back to the system (glibc's malloc_trim), through the small
// addon server/native/release-memory.c when it was compiled at install; without it, nothing.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** Where scripts/build/build-native.ts writes the addon (it names the same path). */
const ALLOCATOR_ADDON = fileURLToPath(new URL('../../build/native/release-memory.node', import.meta.url))

let addon: { trim(): boolean | undefined } | null | undefined

/**
 * Returns the allocator's whole free pages to the system: true if there were any, false if none,
 * undefined where the addon is not built (no C compiler at install) or the C library is not glibc.
 */
export function trimAllocator(): boolean | undefined {
  if (addon === undefined) {
    try {
      addon = existsSync(ALLOCATOR_ADDON) ? createRequire(import.meta.url)(ALLOCATOR_ADDON) : null
    } catch {
      addon = null
    }
  }
  return addon?.trim() ?? undefined
}
