// Starts `node server/main.ts` on a free port with a fresh DATA_DIR (the server imports the stations
// on an empty one) and waits for /healthz. Used by the e2e global setup and by the web and HTTP benches.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { killGroup } from '../helpers/server-processes.ts'

const READY_TIMEOUT_MS = 180_000

/**
 * For a load test from this one machine (one address): the per-address budgets are counted on
 * every request, as in production, but set far beyond what any run asks (they would refuse it).
 */
export const UNREACHED_BUDGETS: Readonly<Record<string, string>> = {
  SEARCHES_PER_IP_PER_MINUTE: '10000000',
  SEARCH_BURST_PER_IP: '10000000',
  PAGES_PER_IP_PER_MINUTE: '1000000',
  PAGE_BURST_PER_IP: '1000000',
}

export interface RunningServer {
  url: string
  process: ChildProcess
  stop: () => Promise<void>
  /** How many serving processes have said they are ready (with stdout piped; /healthz waits only for the first). */
  readyProcesses: () => number
  /** Its DATA_DIR (removed by stop). */
  dataDir: string
}

export interface StartOptions {
  /** Extra environment for the server (e.g. LOG_LEVEL). */
  env?: Record<string, string>
  /** 'ignore' sends the server's stdout to /dev/null, so this process does not pay for reading it. */
  stdout?: 'pipe' | 'ignore'
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`server exited with code ${server.exitCode} before it was ready:\n${log()}`)
    }
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`server not ready within ${READY_TIMEOUT_MS} ms:\n${log()}`)
}

/** SIGTERM (it drains as in production), SIGKILL to its whole group after 10 s or once it is gone. */
function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) {
    killGroup(server)
    return Promise.resolve()
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => killGroup(server), 10_000)
    server.once('exit', () => {
      clearTimeout(force)
      killGroup(server)
      resolve()
    })
    server.kill('SIGTERM')
  })
}

/** Spawns the production server with the same Node that runs this process (Node 24). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'bahnhofsfinder-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  let ready = 0
  let partialLine = ''
  const server = spawn(process.execPath, ['--import', './server/compile-cache.js', 'server/main.ts'], {
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
    // A group of its own: stopping it stops the serving processes it forked, whatever state it is in.
    detached: true,
  })
  // Also when this process ends without its teardown: at its exit, or when it is told to stop
  // (SIGTERM, SIGHUP: a CI job's timeout, a closed terminal), which ends it without the teardown.
  // The signal is raised again once the server's group is gone, so the runner still ends by it.
  const onExit = () => killGroup(server)
  const onSignal = (signal: NodeJS.Signals) => {
    killGroup(server)
    process.kill(process.pid, signal)
  }
  process.once('exit', onExit)
  process.once('SIGTERM', onSignal)
  process.once('SIGHUP', onSignal)
  server.once('exit', () => {
    process.off('exit', onExit)
    process.off('SIGTERM', onSignal)
    process.off('SIGHUP', onSignal)
  })
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  server.stdout?.on('data', (chunk: Buffer) => {
    collect(chunk)
    const lines = (partialLine + chunk.toString()).split('\n')
    partialLine = lines.pop() ?? ''
    ready += lines.filter((line) => line.includes('Bahnhofsfinder ready at')).length
  })
  server.stderr?.on('data', collect)
  const stop = async () => {
    await stopProcess(server)
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url, server, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, process: server, stop, readyProcesses: () => ready, dataDir }
}
