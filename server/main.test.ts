import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'bf-main-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = ''
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

describe('server/main.ts', () => {
  it('stops at start with a message naming an invalid variable', async () => {
    const { child, output } = start({ PORT: 'dreitausend' })
    expect(await exited(child)).toBe(1)
    expect(output()).toMatch(/Invalid configuration:\n\s+PORT:/)
  })

  it('serves, then shuts down cleanly on SIGTERM with the database closed', async () => {
    const { child, output } = start({ PORT: '0' })
    await expect.poll(output, { timeout: 30_000, interval: 100 }).toMatch(/läuft: http:\/\/127\.0\.0\.1:\d+/)
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output())?.[0]
    const health = await fetch(`${url}/healthz`)
    expect(await health.json()).toEqual({ status: 'ok' })
    child.kill('SIGTERM')
    expect(await exited(child)).toBe(0)
    // Closing the last connection checkpoints the WAL into the database file.
    const wal = join(dataDir, 'bahnhofsfinder.sqlite-wal')
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true)
  })
})
