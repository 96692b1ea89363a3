// Server processes started by tests, and stopped by the tests' fixtures whatever the test did: a
// test that fails or times out never reaches its own last line, so a server it started (with its
// serving processes) would live on. Each process is started as the leader of a process group of its
// own, so that stopping it stops the serving processes it forked too, even when the supervisor
// itself is stuck or already gone.
import { type ChildProcess, spawn } from 'node:child_process'

export interface ServerProcess {
  child: ChildProcess
  /** What it printed on stdout and stderr so far. */
  output: () => string
  /** Its exit code (null after a signal), once it has exited. */
  exited: Promise<number | null>
}

const running = new Set<ChildProcess>()

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

/** SIGKILL to the process's whole group: the supervisor and every process it forked. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // the group is gone already
  }
}

// Even when the test process ends without running its fixtures' teardown (killed by the runner).
process.once('exit', () => {
  for (const child of running) killGroup(child)
})

/** Starts `node <args>` (Node 24, as this process) in a group of its own, remembered until it exits. */
export function spawnNode(args: string[], env: Record<string, string | undefined>): ServerProcess {
  let output = ''
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, detached: true })
  running.add(child)
  // The exit code once its output is complete: 'close' comes after the last of its output (and of
  // the serving processes it forked, which write to the same pipes).
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  child.once('exit', () => {
    running.delete(child)
    // Serving processes stop when their supervisor is gone; any that linger are stopped here.
    killGroup(child)
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output, exited }
}

/** Stops a started process and its group: SIGKILL, and waits until it has exited. */
export async function stopGroup(server: ServerProcess): Promise<void> {
  if (alive(server.child)) killGroup(server.child)
  await server.exited
}
