// `npm start`: builds the web app when dist/ is missing or older than its sources, then starts the server.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { webBuildIsStale } from './build/web-build-state.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
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
