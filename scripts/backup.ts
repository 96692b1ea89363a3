// `npm run backup -- <target-file>`: copies DATA_DIR's database (consistently, while the server
// runs) to <target-file> and credentials.json beside it; refuses to overwrite either.
import { loadConfig } from '../server/config.ts'
import { backupDataDir } from '../server/ops/backup.ts'

const USAGE = 'usage: npm run backup -- <target-file>   (e.g. backups/bahnhofsfinder-2026-05-01.sqlite)'

if (import.meta.main) {
  const [target, ...rest] = process.argv.slice(2)
  if (!target || rest.length > 0 || target.startsWith('-')) {
    console.error(USAGE)
    process.exitCode = 2
  } else {
    try {
      const config = loadConfig()
      const { database, credentials } = backupDataDir(config.DATA_DIR, target)
      console.log(`Database of ${config.DATA_DIR} → ${database.file} (${database.bytes} bytes)`)
      console.log(
        credentials
          ? `credentials.json → ${credentials}`
          : `No credentials.json in ${config.DATA_DIR}: only the database was copied`,
      )
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      console.error(`Backup failed: ${message}`)
      process.exitCode = 1
    }
  }
}
