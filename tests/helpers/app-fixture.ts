// Fixtures for tests that talk to a bare app through app.inject(): no port, not warmed up (health
// answers 503 until a test calls warmUp), a temp DATA_DIR and a tiny web build, all scoped to the
// test file and removed after it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { test as baseTest } from 'vitest'
import { precompressDirectory } from '../../scripts/build/precompress.ts'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { type ServerProcess, spawnNode, stopGroup } from './server-processes.ts'

function tempDir(prefix: string, onCleanup: (cleanup: () => void) => void): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const test = baseTest
  // biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures destructure their dependencies
  .extend('dataDir', { scope: 'file' }, ({}, { onCleanup }) => tempDir('bf-app-', onCleanup))
  /**
   * A web build with index.html and two hashed assets, `assets/main-abc123.js` (tiny) and
   * `assets/app-def456.js` (4 KB, precompressed as the build does).
   */
  // biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures destructure their dependencies
  .extend('distDir', { scope: 'file' }, ({}, { onCleanup }) => {
    const dir = tempDir('bf-dist-', onCleanup)
    mkdirSync(join(dir, 'assets'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html>\n<html lang="de">\n<head>\n<meta charset="UTF-8" />\n<meta name="description" content="Bahnhöfe finden" />\n<title>Bahnhofsfinder</title>\n</head>\n<body><div id="root"></div></body>\n</html>\n',
    )
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)')
    writeFileSync(join(dir, 'assets', 'app-def456.js'), 'console.log("Bahnhofsfinder");\n'.repeat(128))
    precompressDirectory(dir)
    return dir
  })
  .extend('app', { scope: 'file' }, async ({ dataDir, distDir }, { onCleanup }) => {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir }), { logger: false, distDir })
    onCleanup(() => app.close())
    return app
  })
  /** Builds another app over the same DATA_DIR and web build (a restart), closed after the test. */
  .extend('restart', ({ dataDir, distDir }, { onCleanup }) => {
    const started: FastifyInstance[] = []
    onCleanup(async () => {
      for (const app of started) await app.close()
    })
    return async (env: Record<string, string> = {}): Promise<FastifyInstance> => {
      const app = await buildApp(loadConfig({ DATA_DIR: dataDir, ...env }), { logger: false, distDir })
      started.push(app)
      return app
    }
  })

  /**
   * Starts `node <args>` as a server process of the test's (tests/helpers/server-processes.ts): every
   * one the test started is stopped with the processes it forked when the test ends, whether it
   * passed, failed or timed out.
   */
  // biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures destructure their dependencies
  .extend('spawnServer', ({}, { onCleanup }) => {
    const started: ServerProcess[] = []
    onCleanup(() => Promise.all(started.map(stopGroup)).then(() => undefined))
    return (args: string[], env: Record<string, string | undefined>): ServerProcess => {
      const server = spawnNode(args, env)
      started.push(server)
      return server
    }
  })

export const it = test
