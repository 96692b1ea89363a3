// The parameter audit as docs/search-api.md documents it: every search parameter and index setting
// of Algolia's spec with its status, implemented or refused (with a 400 that names it).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export type DocumentedStatus = 'implemented' | 'refused'

const DOCS = fileURLToPath(new URL('../../docs/search-api.md', import.meta.url))

/** The rows of the tables headed "search parameter" and "index setting": name → status. */
export function documentedSupport(): Map<string, DocumentedStatus> {
  const rows = new Map<string, DocumentedStatus>()
  let inTable = false
  for (const line of readFileSync(DOCS, 'utf8').split('\n')) {
    if (/^\| (search parameter|index setting) +\|/.test(line)) inTable = true
    else if (!line.startsWith('|')) inTable = false
    const row = inTable ? /^\| `(\w+)` +\| (implemented|refused)\b/.exec(line) : null
    if (row?.[1] && row[2]) rows.set(row[1], row[2] === 'refused' ? 'refused' : 'implemented')
  }
  return rows
}
