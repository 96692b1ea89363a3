// SQLite is the source of truth for indexes, settings, synonyms and records. The in-memory
// engine is derived from it; callers apply a write here and in the engine in one operation.
import type { IndexSettings, Rule, SearchRecord, Synonym } from '../../../search-core/index.ts'
import { SqliteStore } from './sqlite-store.ts'

/** Settings as stored: the engine's, plus the service's link from a replica to its primary. */
export interface StoredSettings extends IndexSettings {
  /** Set on a replica: the primary's name. */
  primary?: string
}

export interface StoredIndex {
  name: string
  settings: StoredSettings
  synonyms: Synonym[]
  rules: Rule[]
  createdAt: string
  updatedAt: string
}

interface IndexRow {
  name: string
  settings: string
  synonyms: string
  rules: string
  created_at: string
  updated_at: string
}

export class SearchStore extends SqliteStore {
  // Counting an index's records reads all of them (~0.7 ms per 5,000 stations), and every write
  // and many reads look up an index: the count is read only for listings, and kept until the
  // index's records change, here or in another process serving from the same database.
  readonly #recordCounts = new Map<string, number>()
  /** SQLite's data_version when the counts were kept: it changes when another connection commits. */
  #countsVersion: unknown

  listIndexes(): StoredIndex[] {
    const rows = this.prepare('SELECT * FROM indexes ORDER BY name').all() as unknown as IndexRow[]
    return rows.map(toStoredIndex)
  }

  getIndex(name: string): StoredIndex | undefined {
    const row = this.prepare('SELECT * FROM indexes WHERE name = ?').get(name) as unknown as
      | IndexRow
      | undefined
    return row ? toStoredIndex(row) : undefined
  }

  hasIndex(name: string): boolean {
    return this.prepare('SELECT 1 FROM indexes WHERE name = ?').get(name) !== undefined
  }

  /** How many records are stored under this name (none for a replica: its primary holds them). */
  recordCount(name: string): number {
    // This connection's own writes forget their counts (touch); another's change the version.
    const { data_version: version } = this.prepare('PRAGMA data_version').get() as { data_version: unknown }
    if (version !== this.#countsVersion) {
      this.#recordCounts.clear()
      this.#countsVersion = version
    }
    const known = this.#recordCounts.get(name)
    if (known !== undefined) return known
    const { count } = this.prepare('SELECT count(*) AS count FROM records WHERE index_name = ?').get(
      name,
    ) as { count: number }
    // A count read inside a transaction may be rolled back: only a committed one is kept.
    if (!this.db.isTransaction) this.#recordCounts.set(name, Number(count))
    return Number(count)
  }

  /** Creates the index if it does not exist; returns whether it was created. */
  ensureIndex(name: string, settings: StoredSettings = {}): boolean {
    const now = new Date().toISOString()
    const result = this.prepare(
      'INSERT INTO indexes (name, settings, created_at, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO NOTHING',
    ).run(name, JSON.stringify(settings), now, now)
    return result.changes > 0
  }

  putSettings(name: string, settings: StoredSettings): void {
    this.ensureIndex(name)
    this.prepare('UPDATE indexes SET settings = ?, updated_at = ? WHERE name = ?').run(
      JSON.stringify(settings),
      new Date().toISOString(),
      name,
    )
  }

  putSynonyms(name: string, synonyms: Synonym[]): void {
    this.ensureIndex(name)
    this.prepare('UPDATE indexes SET synonyms = ?, updated_at = ? WHERE name = ?').run(
      JSON.stringify(synonyms),
      new Date().toISOString(),
      name,
    )
  }

  putRules(name: string, rules: Rule[]): void {
    this.ensureIndex(name)
    this.prepare('UPDATE indexes SET rules = ?, updated_at = ? WHERE name = ?').run(
      JSON.stringify(rules),
      new Date().toISOString(),
      name,
    )
  }

  *records(name: string): IterableIterator<SearchRecord> {
    // Not cached: two iterations may be open at once, and each needs its own statement.
    const statement = this.db.prepare('SELECT body FROM records WHERE index_name = ? ORDER BY object_id')
    for (const row of statement.iterate(name) as Iterable<{ body: string }>) {
      yield JSON.parse(row.body) as SearchRecord
    }
  }

  getRecord(name: string, objectID: string): SearchRecord | undefined {
    const row = this.prepare('SELECT body FROM records WHERE index_name = ? AND object_id = ?').get(
      name,
      objectID,
    ) as { body: string } | undefined
    return row ? (JSON.parse(row.body) as SearchRecord) : undefined
  }

  putRecords(name: string, records: Iterable<SearchRecord>): void {
    this.ensureIndex(name)
    const statement = this.prepare(
      'INSERT INTO records (index_name, object_id, body) VALUES (?, ?, ?) ON CONFLICT(index_name, object_id) DO UPDATE SET body = excluded.body',
    )
    for (const record of records) statement.run(name, record.objectID, JSON.stringify(record))
    this.touch(name)
  }

  deleteRecords(name: string, objectIDs: Iterable<string>): void {
    const statement = this.prepare('DELETE FROM records WHERE index_name = ? AND object_id = ?')
    for (const id of objectIDs) statement.run(name, id)
    this.touch(name)
  }

  clearRecords(name: string): void {
    this.prepare('DELETE FROM records WHERE index_name = ?').run(name)
    this.touch(name)
  }

  dropIndex(name: string): boolean {
    this.#recordCounts.delete(name)
    return this.prepare('DELETE FROM indexes WHERE name = ?').run(name).changes > 0
  }

  /** Atomic reindex: `to` is replaced by `from` (records, settings, synonyms, rules), `from` disappears. */
  moveIndex(from: string, to: string): void {
    this.#recordCounts.delete(from)
    this.#recordCounts.delete(to)
    this.transaction(() => {
      this.dropIndex(to)
      this.db
        .prepare('UPDATE indexes SET name = ?, updated_at = ? WHERE name = ?')
        .run(to, new Date().toISOString(), from)
    })
  }

  /** Copies `from` onto `to`; scope limits what is copied (Algolia: settings, synonyms, rules). */
  copyIndex(from: string, to: string, scope?: ('settings' | 'synonyms' | 'rules' | 'records')[]): void {
    const source = this.getIndex(from)
    if (!source) return
    const all = !scope || scope.length === 0
    this.transaction(() => {
      this.ensureIndex(to)
      if (all || scope.includes('settings')) this.putSettings(to, source.settings)
      if (all || scope.includes('synonyms')) this.putSynonyms(to, source.synonyms)
      if (all || scope.includes('rules')) this.putRules(to, source.rules)
      if (all) {
        this.clearRecords(to)
        this.db
          .prepare(
            'INSERT INTO records (index_name, object_id, body) SELECT ?, object_id, body FROM records WHERE index_name = ?',
          )
          .run(to, from)
      }
    })
  }

  /** Marks a change of the index's records (its count is read again when next needed). */
  private touch(name: string): void {
    this.#recordCounts.delete(name)
    this.prepare('UPDATE indexes SET updated_at = ? WHERE name = ?').run(new Date().toISOString(), name)
  }
}

function toStoredIndex(row: IndexRow): StoredIndex {
  return {
    name: row.name,
    settings: JSON.parse(row.settings) as StoredSettings,
    synonyms: JSON.parse(row.synonyms) as Synonym[],
    rules: JSON.parse(row.rules) as Rule[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
