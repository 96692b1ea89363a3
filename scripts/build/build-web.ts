// Builds the web app: the browser's bundle (dist/) and the server's renderer of the same pages
// (dist-ssr/), as `npm run build` does. Run by `npm install` (scripts/build-on-install.ts) and, when
// the build is missing or older than its sources, by `npm start` before it serves.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const vite = join(root, 'node_modules', '.bin', 'vite')

/** Whether the build tools are installed (`npm install --omit=dev` leaves them out). */
export function canBuildWeb(): boolean {
  return existsSync(vite)
}

/** Builds both parts; true when both built. Vite prints only warnings and errors. */
export function buildWeb(): boolean {
  const build = (...args: string[]) =>
    spawnSync(vite, ['build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit' }).status === 0
  return build() && build('--ssr', 'entry-server.tsx')
}
