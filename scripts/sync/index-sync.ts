// Copies one index with its settings, synonyms, rules and replicas from one Algolia-compatible
// service to another through the official client: into a temporary index first, then one `move`
// onto the target, so searches on the target never see a half-copied index.
import type { Algoliasearch, IndexSettings, Rule, SettingsResponse, SynonymHit } from 'algoliasearch'
import { describeClientError, type EndpointAdvice, isNotFound, SyncError } from './sync-errors.ts'
import { type StateFile, SYNC_PHASES, type SyncPhase, type SyncState } from './sync-state.ts'

/** Records per browse page and per `saveObjects` batch. */
const BATCH_SIZE = 1000

export interface SyncEndpoint {
  client: Algoliasearch
  /** Where it is, for messages: a URL or an app ID. */
  label: string
  /** What to do when it cannot be reached or refuses the key (where address and key came from). */
  advice?: EndpointAdvice
}

export interface SyncReporter {
  log(line: string): void
  /** Record copying starts (or resumes at `done`). */
  startRecords(total: number, done: number): void
  recordsCopied(done: number): void
  stopRecords(): void
}

export interface SyncOptions {
  source: SyncEndpoint
  target: SyncEndpoint
  indexName: string
  dryRun: boolean
  state: StateFile
  reporter: SyncReporter
  /** Names the temporary index; injectable for tests. */
  now?: () => number
}

export interface SyncSummary {
  tmpIndex: string
  records: number
  synonyms: number
  /** `undefined` when the source has no rules endpoint. */
  rules: number | undefined
  replicas: string[]
  /** Records already copied by an interrupted run that this run continued from. */
  resumedAt: number | undefined
  dryRun: boolean
}

/** What an index holds besides its records. */
interface IndexParts {
  settings: IndexSettings
  synonyms: SynonymHit[]
  /** `undefined` when the service has no rules endpoint. */
  rules: Rule[] | undefined
}

interface SourceSnapshot extends IndexParts {
  /** Replicas keep their own settings, synonyms and rules. */
  replicas: (IndexParts & { name: string })[]
  records: number
}

/** Settings as the temporary index takes them: the replica links are set after the move. */
function withoutLinks(settings: SettingsResponse): IndexSettings {
  const { primary: _primary, replicas: _replicas, ...rest } = settings
  return rest
}

/** `virtual(name)` → `name`. */
function replicaName(entry: string): string {
  return /^virtual\((.*)\)$/.exec(entry.trim())?.[1] ?? entry.trim()
}

// Search-time decorations a browse may add; they are not part of the record.
const DECORATIONS = ['_highlightResult', '_snippetResult', '_rankingInfo', '_distinctSeqID']

function recordOf(hit: Record<string, unknown>): Record<string, unknown> {
  const record = { ...hit }
  for (const key of DECORATIONS) delete record[key]
  return record
}

async function call<T>(endpoint: SyncEndpoint, side: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new SyncError(describeClientError(error, side, endpoint.label, endpoint.advice), { cause: error })
  }
}

async function readParts(
  source: SyncEndpoint,
  indexName: string,
): Promise<IndexParts & { raw: SettingsResponse }> {
  const { client } = source
  const read = <T>(run: () => Promise<T>) => call(source, 'source', run)
  const raw = await read(() => client.getSettings({ indexName }))
  const synonyms: SynonymHit[] = []
  for (let page = 0; ; page++) {
    const answer = await read(() =>
      client.searchSynonyms({ indexName, searchSynonymsParams: { page, hitsPerPage: BATCH_SIZE } }),
    )
    synonyms.push(...answer.hits.map((hit) => recordOf(hit) as unknown as SynonymHit))
    if (answer.hits.length < BATCH_SIZE || synonyms.length >= answer.nbHits) break
  }
  let rules: Rule[] | undefined = []
  for (let page = 0; rules; page++) {
    try {
      const answer = await client.searchRules({
        indexName,
        searchRulesParams: { page, hitsPerPage: BATCH_SIZE },
      })
      rules.push(...answer.hits.map((hit) => recordOf(hit) as unknown as Rule))
      if (answer.hits.length < BATCH_SIZE || rules.length >= answer.nbHits) break
    } catch (error) {
      // A service without query rules answers 404: there is nothing to copy.
      if (isNotFound(error)) rules = undefined
      else
        throw new SyncError(describeClientError(error, 'source', source.label, source.advice), {
          cause: error,
        })
    }
  }
  const { primary: _primary, ...settings } = raw
  return { raw, settings, synonyms, rules }
}

async function readSource(source: SyncEndpoint, indexName: string): Promise<SourceSnapshot> {
  const primary = await readParts(source, indexName)
  const replicas = []
  for (const entry of primary.raw.replicas ?? []) {
    const name = replicaName(entry)
    replicas.push({ name, ...(await readParts(source, name)) })
  }
  const count = await call(source, 'source', () =>
    source.client.searchSingleIndex({
      indexName,
      searchParams: { query: '', hitsPerPage: 0, analytics: false },
    }),
  )
  return { ...primary, replicas, records: count.nbHits ?? 0 }
}

function describePlan(snapshot: SourceSnapshot, options: SyncOptions, tmpIndex: string): string[] {
  const { indexName } = options
  const rules =
    snapshot.rules === undefined
      ? 'no rules (the source has no rules endpoint)'
      : `${snapshot.rules.length} rules`
  return [
    `source ${options.source.label} → target ${options.target.label}`,
    `1. create ${tmpIndex} with the settings of ${indexName} (without replicas)`,
    `2. copy ${snapshot.records} records in batches of ${BATCH_SIZE}`,
    `3. copy ${snapshot.synonyms.length} synonyms and ${rules}`,
    `4. move ${tmpIndex} onto ${indexName}`,
    snapshot.replicas.length === 0
      ? '5. no replicas'
      : `5. set the replicas of ${indexName} and their settings: ${snapshot.replicas.map((r) => r.name).join(', ')}`,
  ]
}

/**
 * The dry run's check of the target, read-only: its hosts answer and take the credentials (listing
 * the indexes needs the admin key's listIndexes right; an error says which side and why).
 */
async function checkTarget(target: SyncEndpoint, indexName: string): Promise<string> {
  const { items } = await call(target, 'target', () => target.client.listIndices())
  const exists = items.some((index) => index.name === indexName)
  return `target checked read-only: the credentials were accepted, ${items.length} indexes there; ${indexName} ${exists ? 'exists and would be replaced' : 'would be created'}`
}

/** Runs (or with `dryRun` only describes) the sync; resumes from the state file when it matches. */
export async function syncIndex(options: SyncOptions): Promise<SyncSummary> {
  const { source, target, indexName, reporter } = options
  const key = JSON.stringify({ source: source.label, target: target.label, indexName })
  const snapshot = await readSource(source, indexName)
  const resumed = options.dryRun ? undefined : options.state.load(key)
  const state: SyncState = resumed ?? {
    key,
    tmpIndex: `${indexName}_tmp_sync_${(options.now ?? Date.now)()}`,
    phase: 'settings',
    recordsCopied: 0,
    totalRecords: snapshot.records,
  }
  const summary: SyncSummary = {
    tmpIndex: state.tmpIndex,
    records: snapshot.records,
    synonyms: snapshot.synonyms.length,
    rules: snapshot.rules?.length,
    replicas: snapshot.replicas.map((replica) => replica.name),
    resumedAt: resumed?.recordsCopied,
    dryRun: options.dryRun,
  }
  if (options.dryRun) {
    for (const line of describePlan(snapshot, options, state.tmpIndex)) reporter.log(line)
    reporter.log(await checkTarget(target, indexName))
    reporter.log('dry run: nothing was changed')
    return summary
  }
  if (resumed)
    reporter.log(`resuming ${state.tmpIndex} at "${state.phase}" (${state.recordsCopied} records copied)`)

  const client = target.client
  const write = async (indexNameForTask: string, run: () => Promise<{ taskID: number }>) => {
    await call(target, 'target', async () => {
      const { taskID } = await run()
      await client.waitForTask({ indexName: indexNameForTask, taskID })
    })
  }
  const advance = (phase: SyncPhase) => {
    state.phase = phase
    options.state.save(state)
  }
  const copySynonyms = async (indexName: string, synonyms: SynonymHit[]) => {
    if (synonyms.length === 0) return
    await write(indexName, () =>
      client.saveSynonyms({ indexName, synonymHit: synonyms, replaceExistingSynonyms: true }),
    )
  }
  const copyRules = async (indexName: string, rules: Rule[] | undefined) => {
    if (!rules || rules.length === 0) return
    await write(indexName, () => client.saveRules({ indexName, rules, clearExistingRules: true }))
  }
  const reached = (phase: SyncPhase) => SYNC_PHASES.indexOf(state.phase) <= SYNC_PHASES.indexOf(phase)
  const tmp = state.tmpIndex

  if (reached('settings')) {
    await write(tmp, () =>
      client.setSettings({ indexName: tmp, indexSettings: withoutLinks(snapshot.settings) }),
    )
    advance('records')
  }
  if (reached('records')) {
    await copyRecords(options, state)
    advance('synonyms')
  }
  if (reached('synonyms')) {
    await copySynonyms(tmp, snapshot.synonyms)
    advance('rules')
  }
  if (reached('rules')) {
    if (snapshot.rules === undefined) reporter.log('rules skipped: the source has no rules endpoint (404)')
    await copyRules(tmp, snapshot.rules)
    advance('move')
  }
  if (reached('move')) {
    // An interruption after the move but before the state was saved leaves no temporary index.
    const pending = await call(target, 'target', () => client.indexExists({ indexName: tmp }))
    if (pending) {
      await write(tmp, () =>
        client.operationIndex({
          indexName: tmp,
          operationIndexParams: { operation: 'move', destination: indexName },
        }),
      )
    }
    advance('replicas')
  }
  if (reached('replicas')) {
    await write(indexName, () =>
      client.setSettings({ indexName, indexSettings: { replicas: snapshot.settings.replicas ?? [] } }),
    )
    for (const replica of snapshot.replicas) {
      await write(replica.name, () =>
        client.setSettings({ indexName: replica.name, indexSettings: replica.settings }),
      )
      await copySynonyms(replica.name, replica.synonyms)
      await copyRules(replica.name, replica.rules)
    }
    advance('done')
  }
  options.state.clear()
  reporter.log(
    `${indexName}: ${snapshot.records} records, ${snapshot.synonyms.length} synonyms, ${snapshot.rules?.length ?? 'no'} rules, ${snapshot.replicas.length} replicas synced`,
  )
  return summary
}

/** Browse page by page; each page is one batch, and the cursor is saved once the batch is published. */
async function copyRecords(options: SyncOptions, state: SyncState): Promise<void> {
  const { source, target, indexName, reporter } = options
  reporter.startRecords(state.totalRecords, state.recordsCopied)
  try {
    for (;;) {
      const cursor = state.cursor
      const page = await call(source, 'source', () =>
        source.client.browse<Record<string, unknown>>({
          indexName,
          browseParams: cursor
            ? { cursor }
            : { hitsPerPage: BATCH_SIZE, attributesToHighlight: [], attributesToSnippet: [] },
        }),
      )
      const objects = page.hits.map((hit) => recordOf(hit as unknown as Record<string, unknown>))
      if (objects.length > 0) {
        await call(target, 'target', () =>
          target.client.saveObjects({
            indexName: state.tmpIndex,
            objects,
            batchSize: BATCH_SIZE,
            waitForTasks: true,
          }),
        )
      }
      state.recordsCopied += objects.length
      state.cursor = page.cursor
      // The last page and the phase change are saved together: a rerun must not start over.
      if (!page.cursor) state.phase = 'synonyms'
      options.state.save(state)
      reporter.recordsCopied(state.recordsCopied)
      if (!page.cursor) break
    }
  } finally {
    reporter.stopRecords()
  }
}
