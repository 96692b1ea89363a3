import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { FastifyInstance } from 'fastify'
import { describe, expect } from 'vitest'
import { it as appTest } from '../../tests/helpers/app-fixture.ts'
import { backupDataDir } from './backup.ts'

// biome-ignore lint/correctness/noEmptyPattern: Vitest fixtures destructure their dependencies
const it = appTest.extend('backupDir', ({}, { onCleanup }) => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-backup-'))
  onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  return dir
})

const PROBE = 'backup_probe'
const BATCH = 10

/** Writes one batch of records (one task, applied in one transaction) and waits until it is applied. */
async function writeBatch(app: FastifyInstance, first: number): Promise<void> {
  const { appId, adminKey } = app.context.credentials
  const response = await app.inject({
    method: 'POST',
    url: `/1/indexes/${PROBE}/batch`,
    headers: { 'x-algolia-application-id': appId, 'x-algolia-api-key': adminKey },
    payload: {
      requests: Array.from({ length: BATCH }, (_, i) => ({
        action: 'addObject',
        body: { objectID: `probe-${first + i}`, name: `Probe ${first + i}` },
      })),
    },
  })
  expect(response.statusCode).toBe(200)
  await app.context.search.idle()
}

/** Opens a copy as SQLite would after a restore, checks it, and counts its records per index. */
function inspect(file: string): { integrity: string; probes: number; stations: number } {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const { integrity_check: integrity } = db.prepare('PRAGMA integrity_check').get() as {
      integrity_check: string
    }
    const count = (index: string) =>
      (db.prepare('SELECT count(*) AS n FROM records WHERE index_name = ?').get(index) as { n: number }).n
    return { integrity, probes: count(PROBE), stations: count('stations') }
  } finally {
    db.close()
  }
}

function runScript(dataDir: string, target: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = ''
    const child = spawn(process.execPath, ['scripts/backup.ts', target], {
      env: { ...process.env, DATA_DIR: dataDir },
    })
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('backup of DATA_DIR', () => {
  it('copies the database the app holds open, as of the moment of each backup', async ({
    app,
    dataDir,
    backupDir,
  }) => {
    await app.context.warmUp()
    await writeBatch(app, 0)
    const first = join(backupDir, 'first.sqlite')
    const result = backupDataDir(dataDir, first)
    await writeBatch(app, BATCH)
    const second = join(backupDir, 'second.sqlite')
    backupDataDir(dataDir, second)

    expect(result.database).toEqual({ file: first, bytes: statSync(first).size })
    expect(inspect(first)).toEqual({ integrity: 'ok', probes: BATCH, stations: 5388 })
    expect(inspect(second)).toEqual({ integrity: 'ok', probes: 2 * BATCH, stations: 5388 })
    // The keys are kept beside it, as private as the original.
    expect(result.credentials).toBe(join(backupDir, 'first.credentials.json'))
    expect(readFileSync(result.credentials!, 'utf8')).toBe(
      readFileSync(join(dataDir, 'credentials.json'), 'utf8'),
    )
    expect(statSync(result.credentials!).mode & 0o777).toBe(0o600)
    expect(statSync(first).mode & 0o777).toBe(0o600)
  })

  it('refuses to overwrite a database copy or a credentials copy, and writes nothing then', async ({
    app,
    dataDir,
    backupDir,
  }) => {
    expect(app.context.db.isOpen).toBe(true)
    const taken = join(backupDir, 'taken.sqlite')
    writeFileSync(taken, 'keep me')
    expect(() => backupDataDir(dataDir, taken)).toThrow(`${taken} exists; refusing to overwrite it`)
    expect(readFileSync(taken, 'utf8')).toBe('keep me')

    const fresh = join(backupDir, 'fresh.sqlite')
    // The credentials copy is named after the database copy (docs/operations.md).
    writeFileSync(join(backupDir, 'fresh.credentials.json'), 'keep me too')
    expect(() => backupDataDir(dataDir, fresh)).toThrow(/refusing to overwrite/)
    expect(() => statSync(fresh)).toThrow()
  })

  it('npm run backup copies a consistent state while writes go on, and prints what it wrote', async ({
    app,
    dataDir,
    backupDir,
  }) => {
    await app.context.warmUp()
    const target = join(backupDir, 'running.sqlite')
    const before = app.context.store.recordCount(PROBE)
    const script = runScript(dataDir, target)
    let done = false
    void script.then(() => {
      done = true
    })
    let written = before
    while (!done) {
      await writeBatch(app, written)
      written += BATCH
    }
    const { code, output } = await script
    expect(code).toBe(0)
    expect(output).toContain(`→ ${target} (`)
    expect(output).toContain(`credentials.json → ${join(backupDir, 'running.credentials.json')}`)
    const copy = inspect(target)
    expect(copy.integrity).toBe('ok')
    expect(copy.stations).toBe(5388)
    // Each batch is one transaction: a consistent copy holds whole batches only.
    expect(copy.probes % BATCH).toBe(0)
    expect(copy.probes).toBeGreaterThanOrEqual(before)
    expect(copy.probes).toBeLessThanOrEqual(written)
    expect(written).toBeGreaterThan(before)

    const again = await runScript(dataDir, target)
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/Backup failed: .*running\.sqlite exists; refusing to overwrite it/)
  })
})
