// `npm start`: builds the web app when dist/ is missing or older than its sources, then starts the server.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCES = ['web', 'vite.config.ts', 'package.json', 'package-lock.json']

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

/** The browser's build and the server's renderer of the same pages (they must match). */
const BUILT = [join(root, 'dist', 'index.html'), join(root, 'dist-ssr', 'entry-server.js')]

export function webBuildIsStale(): boolean {
  if (!BUILT.every((built) => existsSync(built))) return true
  const sources = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))))
  return BUILT.some((built) => sources > statSync(built).mtimeMs)
}

if (webBuildIsStale()) {
  console.log('Baue die Web-App (dist/ fehlt oder ist älter als die Quellen) …')
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const build = (...args: string[]) =>
    spawnSync(vite, ['build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit' })
  let result = build()
  if (result.status === 0) result = build('--ssr', 'entry-server.tsx')
  if (result.status !== 0) {
    console.error('Der Build der Web-App ist fehlgeschlagen.')
    process.exit(result.status ?? 1)
  }
}
await import('../server/main.ts')
