// API keys of the search service: from the environment, or generated once and kept in DATA_DIR.
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod/v3'
import type { Config } from '../config.ts'

export interface Credentials {
  appId: string
  /** Writes, settings, keys: never sent to the browser. */
  adminKey: string
  /** Search-only key (ACL: search) handed to the web app. */
  searchKey: string
}

const storedSchema = z.object({ adminKey: z.string().min(16), searchKey: z.string().min(16) })

export function credentialsFile(dataDir: string): string {
  return join(dataDir, 'credentials.json')
}

function generateKey(): string {
  return randomBytes(16).toString('hex')
}

/** Environment keys win; missing ones are generated on first start and reused afterwards. */
export function loadCredentials(config: Config): Credentials {
  const file = credentialsFile(config.DATA_DIR)
  let stored: z.infer<typeof storedSchema> | undefined
  if (existsSync(file)) {
    const parsed = storedSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (!parsed.success) throw new Error(`${file} is not a valid credentials file; fix or remove it`)
    stored = parsed.data
  } else {
    stored = { adminKey: generateKey(), searchKey: generateKey() }
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  }
  return {
    appId: config.SEARCH_APP_ID,
    adminKey: config.SEARCH_ADMIN_KEY ?? stored.adminKey,
    searchKey: config.SEARCH_API_KEY ?? stored.searchKey,
  }
}
