// Whether dist/ (the browser's build) and dist-ssr/ (the server's renderer of the same pages) are
// missing or older than their sources: `npm start` then builds them first.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SOURCES = ['web', 'vite.config.ts', 'package.json', 'package-lock.json']
/** The browser's build and the server's renderer of the same pages (they must match). */
const BUILT = [join(root, 'dist', 'index.html'), join(root, 'dist-ssr', 'entry-server.js')]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

export function webBuildIsStale(): boolean {
  if (!BUILT.every((built) => existsSync(built))) return true
  const sources = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))))
  return BUILT.some((built) => sources > statSync(built).mtimeMs)
}
