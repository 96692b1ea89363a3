// What an operator's process manager does: it starts `npm start` and, to stop the server, signals
// the process it started (systemd, Docker and the rest signal their own child). The whole server,
// supervisor and serving processes, must stop with it, draining as on SIGTERM to the supervisor.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { webBuildIsStale } from '../../scripts/build/web-build-state.ts'
import { killGroup } from '../helpers/server-processes.ts'
import { expect, test } from './fixtures.ts'

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

test('SIGTERM to the process `npm start` started stops the whole server', async () => {
  // A first start imports the stations into a new DATA_DIR: several seconds, more on busy cores.
  test.setTimeout(120_000)
  // `npm start` would build first, replacing dist/ under the server the other specs use.
  expect(webBuildIsStale(), 'the web build is older than its sources: run `npm run build`').toBe(false)
  const dataDir = await mkdtemp(join(tmpdir(), 'bahnhofsfinder-npm-start-'))
  let output = ''
  // npm from the PATH, as an operator runs it; the server's Node comes from node_modules.
  const npm = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: '2', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that the test can see (and in the end stop) every process in it.
    detached: true,
  })
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()))
  npm.stdout.on('data', (chunk) => {
    output += chunk
  })
  npm.stderr.on('data', (chunk) => {
    output += chunk
  })
  const pgid = npm.pid ?? 0
  try {
    await expect
      .poll(() => output, { timeout: 90_000, message: 'the server says it runs' })
      .toMatch(/serving at http:\/\/127\.0\.0\.1:\d+/)
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0] ?? ''
    expect((await fetch(`${url}/healthz`)).status).toBe(200)

    npm.kill('SIGTERM')
    await exited
    // Every process of the server is gone (each drains for a second first), and nothing answers.
    await expect.poll(() => groupAlive(pgid), { timeout: 20_000 }).toBe(false)
    await expect(fetch(`${url}/healthz`)).rejects.toThrow()
  } finally {
    killGroup(npm)
    await rm(dataDir, { recursive: true, force: true })
  }
})
