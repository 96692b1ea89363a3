// A consistent copy of DATA_DIR while the server runs: the SQLite database through VACUUM INTO
// (one read transaction, so the copy is the database as of one moment; in WAL mode the server's
// writes go on meanwhile) and credentials.json beside it. Nothing existing is ever overwritten.
import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, parse, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { databaseFile } from '../db/database.ts'
import { credentialsFile } from '../search/credentials.ts'

export interface BackupResult {
  /** The database copy and its size in bytes. */
  database: { file: string; bytes: number }
  /** The copy of credentials.json; undefined when DATA_DIR has none. */
  credentials?: string
}

class BackupError extends Error {}

/** Where the copy of credentials.json goes: beside the database copy, named after it. */
function credentialsBackupFile(target: string): string {
  const { dir, name } = parse(resolve(target))
  return join(dir, `${name}.credentials.json`)
}

/** Copies DATA_DIR's database to `target` and its credentials.json beside it. */
export function backupDataDir(dataDir: string, target: string): BackupResult {
  const source = databaseFile(dataDir)
  if (!existsSync(source)) throw new BackupError(`no database at ${source}: is DATA_DIR right?`)
  const databaseCopy = resolve(target)
  const credentials = credentialsFile(dataDir)
  const credentialsCopy = existsSync(credentials) ? credentialsBackupFile(databaseCopy) : undefined
  // Both checked before anything is written: a refusal leaves no half backup behind.
  for (const file of [databaseCopy, credentialsCopy]) {
    if (file && existsSync(file)) throw new BackupError(`${file} exists; refusing to overwrite it`)
  }
  mkdirSync(dirname(databaseCopy), { recursive: true })

  // A plain connection: no migrations, no change to the server's database, only a read.
  const db = new DatabaseSync(source)
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    db.prepare('VACUUM INTO ?').run(databaseCopy)
  } catch (error) {
    rmSync(databaseCopy, { force: true })
    throw error
  } finally {
    db.close()
  }
  // The copy holds API keys and search logs: readable by its owner only, like credentials.json.
  chmodSync(databaseCopy, 0o600)
  if (credentialsCopy) {
    copyFileSync(credentials, credentialsCopy, constants.COPYFILE_EXCL)
    chmodSync(credentialsCopy, 0o600)
  }
  return {
    database: { file: databaseCopy, bytes: statSync(databaseCopy).size },
    ...(credentialsCopy ? { credentials: credentialsCopy } : {}),
  }
}
