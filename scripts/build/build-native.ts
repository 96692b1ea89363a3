// Compiles the allocator addon (server/native/release-memory.c) into build/native/ when a C compiler
// and Node's headers are there: at `npm install` (build-on-install-run.ts) and, when it is missing or
// older than its source, at `npm start`. Without them the server runs as well, ~12 MB larger per
// serving process (server/shared/allocator-trim.ts); nothing fails.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SOURCE = join(root, 'server', 'native', 'release-memory.c')
/** Where server/shared/allocator-trim.ts loads the addon from. */
const ALLOCATOR_ADDON = join(root, 'build', 'native', 'release-memory.node')

/**
 * Directories that may hold node_api.h: beside the running Node (the node package's binary
 * package ships them), the node package's binary package, then the system's (Debian's nodejs).
 * Node-API is stable across versions: any of them builds an addon every later Node loads.
 */
function headerDirs(): string[] {
  return [
    join(dirname(process.execPath), '..', 'include', 'node'),
    join(
      root,
      'node_modules',
      'node',
      'node_modules',
      `node-${process.platform}-${process.arch}`,
      'include',
      'node',
    ),
    join(root, 'node_modules', `node-${process.platform}-${process.arch}`, 'include', 'node'),
    '/usr/local/include/node',
    '/usr/include/node',
  ]
}

/** Whether the addon is missing or older than its source. */
function nativeBuildIsStale(out: string): boolean {
  return !existsSync(out) || statSync(out).mtimeMs < statSync(SOURCE).mtimeMs
}

/** Compiles the addon (to `out`); why not, when it could not be (no compiler, no headers, not Linux). */
function buildNative(out: string): { built: true } | { built: false; why: string } {
  if (process.platform !== 'linux') return { built: false, why: 'only for Linux (glibc)' }
  const headers = headerDirs().find((dir) => existsSync(join(dir, 'node_api.h')))
  if (headers === undefined) return { built: false, why: "Node's headers (node_api.h) not found" }
  const compiler = ['cc', 'gcc', 'clang'].find(
    (name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0,
  )
  if (compiler === undefined) return { built: false, why: 'no C compiler (cc, gcc or clang)' }
  mkdirSync(dirname(out), { recursive: true })
  const run = spawnSync(compiler, ['-O2', '-shared', '-fPIC', `-I${headers}`, '-o', out, SOURCE], {
    encoding: 'utf8',
  })
  if (run.status !== 0)
    return { built: false, why: `${compiler} failed: ${run.stderr.trim().split('\n')[0]}` }
  return { built: true }
}

/**
 * Builds the addon (to `out`, by default where the server loads it) if it is missing or older than
 * its source, and says so in one line; true when it is there afterwards. Never throws.
 */
export function buildNativeIfStale(say: (line: string) => void, out = ALLOCATOR_ADDON): boolean {
  if (!nativeBuildIsStale(out)) return true
  const result = buildNative(out)
  say(
    result.built
      ? 'Allocator addon: built (build/native/release-memory.node).'
      : `Allocator addon: not built (${result.why}); the server runs without it, ~12 MB larger per serving process.`,
  )
  return result.built
}
