import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { it } from '../tests/helpers/app-fixture.ts'
import type { ServerProcess } from '../tests/helpers/server-processes.ts'

/**
 * A start of a whole server takes 2–4 s here alone and over four times that on two busy cores (a
 * first start also imports the stations); a test here starts up to three in a row.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000
const READY_TIMEOUT_MS = 60_000

type Spawn = (args: string[], env: Record<string, string | undefined>) => ServerProcess

function start(spawnServer: Spawn, dataDir: string, env: Record<string, string>): ServerProcess {
  return spawnServer(['server/main.ts'], { LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env })
}

/** Waits for the line that says the server serves; its URL. */
async function running(server: ServerProcess): Promise<string> {
  await expect
    .poll(server.output, { timeout: READY_TIMEOUT_MS, interval: 100 })
    .toMatch(/serving at http:\/\/127\.0\.0\.1:\d+/)
  return /http:\/\/127\.0\.0\.1:\d+/.exec(server.output())?.[0] ?? ''
}

/** The command lines of a process's children (Linux), each as its arguments. */
function childCommandLines(pid: number): string[][] {
  const lines: string[][] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The parent's pid is the 2nd field after the command in parentheses.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue
      lines.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean))
    } catch {
      // the process ended meanwhile
    }
  }
  return lines
}

describe('server process start and shutdown', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.runIf(process.platform === 'linux')(
    "starts serving processes with V8's young generation capped, unless the operator set it",
    async ({ dataDir, spawnServer }) => {
      const serving = async (env: Record<string, string>): Promise<string[][]> => {
        const server = start(spawnServer, dataDir, { PORT: '0', WORKERS: '2', LOG_LEVEL: 'info', ...env })
        await running(server)
        await expect
          .poll(server.output, { timeout: READY_TIMEOUT_MS, interval: 100 })
          .toContain('all 2 processes serving')
        const lines = childCommandLines(server.child.pid ?? -1)
        server.child.kill('SIGTERM')
        await server.exited
        return lines
      }
      const byDefault = await serving({})
      expect(byDefault).toHaveLength(2)
      for (const line of byDefault) expect(line).toContain('--max-semi-space-size=8')
      const operators = await serving({ NODE_OPTIONS: '--max-semi-space-size=4' })
      expect(operators).toHaveLength(2)
      for (const line of operators) expect(line).not.toContain('--max-semi-space-size=8')
    },
  )

  it('stops at start with a message naming an invalid variable', async ({ dataDir, spawnServer }) => {
    const server = start(spawnServer, dataDir, { PORT: 'dreitausend' })
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/Invalid configuration:\n\s+PORT:/)
  })

  it('lets a request in flight at SIGTERM finish before it exits', async ({ dataDir, spawnServer }) => {
    const server = start(spawnServer, dataDir, { PORT: '0' })
    const port = Number(new URL(await running(server)).port)
    const { searchKey } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))
    const body = JSON.stringify({ query: 'freiburg', hitsPerPage: 1 })
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/1/indexes/stations/query',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-algolia-application-id': 'bahnhofsfinder',
            'x-algolia-api-key': searchKey,
          },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      // Half the body now, the rest after the signal: the request is in flight when it arrives.
      req.write(body.slice(0, 10))
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(() => req.end(body.slice(10)), 300)
      }, 300)
    })
    const exit = server.exited
    const { status, text } = await answer
    expect(status).toBe(200)
    expect(JSON.parse(text).hits[0].name).toMatch(/Freiburg/)
    expect(await exit).toBe(0)
  })

  it('after SIGTERM tells a request on an open keep-alive connection 503 with Connection: close, never a reset', async ({
    dataDir,
    spawnServer,
  }) => {
    const server = start(spawnServer, dataDir, { PORT: '0' })
    const port = Number(new URL(await running(server)).port)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; socket: unknown }>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: '/healthz', agent }, (res) => {
          res.resume()
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket }),
          )
        })
        req.on('error', reject)
        req.end()
      })
    const before = await get()
    expect(before.status).toBe(200)
    const exit = server.exited
    server.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    const after = await get()
    expect(after.socket).toBe(before.socket)
    expect([after.status, after.connection]).toEqual([503, 'close'])
    agent.destroy()
    expect(await exit).toBe(0)
  })

  it('never logs a credential, not even at debug', async ({ dataDir, spawnServer }) => {
    const server = start(spawnServer, dataDir, { PORT: '0', LOG_LEVEL: 'debug' })
    const url = await running(server)
    const { searchKey, adminKey } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))
    await (
      await fetch(
        `${url}/1/indexes/stations?query=ulm&x-algolia-application-id=bahnhofsfinder&x-algolia-api-key=${searchKey}`,
      )
    ).text()
    await (
      await fetch(`${url}/1/indexes/nowhere/1`, {
        method: 'DELETE',
        headers: { 'x-algolia-application-id': 'bahnhofsfinder', 'x-algolia-api-key': adminKey },
      })
    ).text()
    await (await fetch(`${url}/graphql?access_token=${searchKey}&query=%7B__typename%7D`)).text()
    server.child.kill('SIGTERM')
    await server.exited
    expect(server.output()).toMatch(/request completed/)
    expect(server.output()).toMatch(/x-algolia-api-key=\[redacted\]/)
    expect(server.output()).not.toContain(searchKey)
    expect(server.output()).not.toContain(adminKey)
    // Deleting from an index that does not exist is no error.
    expect(server.output()).not.toMatch(/"level":50/)
  })

  it('serves, then shuts down cleanly on SIGTERM with the database closed', async ({
    dataDir,
    spawnServer,
  }) => {
    const server = start(spawnServer, dataDir, { PORT: '0' })
    const url = await running(server)
    const health = await fetch(`${url}/healthz`)
    expect(await health.json()).toEqual({ status: 'ok' })
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    // Closing the last connection checkpoints the WAL into the database file.
    const wal = join(dataDir, 'bahnhofsfinder.sqlite-wal')
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true)
  })

  it('logs requests at debug only: at info a start is one summary line, however many requests follow', async ({
    dataDir,
    spawnServer,
  }) => {
    const lines = async (level: string, workers = '1'): Promise<Record<string, unknown>[]> => {
      const server = start(spawnServer, dataDir, { PORT: '0', LOG_LEVEL: level, WORKERS: workers })
      const url = await running(server)
      if (workers !== '1') {
        await expect
          .poll(server.output, { timeout: READY_TIMEOUT_MS, interval: 100 })
          .toContain(`all ${workers} processes serving`)
      }
      for (let n = 0; n < 5; n++) await (await fetch(`${url}/healthz`)).text()
      server.child.kill('SIGTERM')
      await server.exited
      return server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    }
    const info = await lines('info')
    expect(info.filter((line) => line.msg === 'request completed')).toEqual([])
    const ready = info.filter((line) => String(line.msg).startsWith('Bahnhofsfinder ready'))
    expect(ready).toHaveLength(1)
    expect(ready[0]).toMatchObject({ indexes: expect.any(Number), records: expect.any(Number) })
    const debug = await lines('debug')
    expect(debug.filter((line) => line.msg === 'request completed').length).toBeGreaterThanOrEqual(5)
    // Several processes: one summary line each (writer and follower), then one for the whole server.
    const two = await lines('info', '2')
    expect(two.filter((line) => line.msg === 'request completed')).toEqual([])
    expect(
      two.filter((line) => String(line.msg).startsWith('Bahnhofsfinder ready')).map((line) => line.role),
    ).toEqual(['writer', 'follower'])
    expect(two.filter((line) => String(line.msg).startsWith('Bahnhofsfinder is serving'))).toHaveLength(1)
    expect(two.filter((line) => String(line.msg) === 'all 2 processes serving')).toHaveLength(1)
    // Said when the server answers (the writer is ready), not seconds later once the follower is.
    const servingAt = two.findIndex((line) => String(line.msg).startsWith('Bahnhofsfinder is serving'))
    const followerReady = two.findIndex((line) => line.role === 'follower')
    expect(servingAt).toBeLessThan(followerReady)
  })
})
