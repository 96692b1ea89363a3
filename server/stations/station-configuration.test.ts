// An existing DATA_DIR gets a new version's stations configuration on start, as an asynchronous
// write, when nobody changed the old one; an operator's changes are never overwritten.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Rule } from '../../search-core/rules/rule-types.ts'
import { type Database, openDatabase } from '../db/database.ts'
import { SearchService } from '../search/service/search-service.ts'
import { SearchStore } from '../search/store/search-store.ts'
import { TaskStore } from '../search/store/task-store.ts'
import { importStations } from './import-stations.ts'
import {
  type StationConfiguration,
  shippedConfiguration,
  upgradeConfiguration,
  upgradeMessage,
  writeConfiguration,
} from './station-configuration.ts'
import { STATIONS_INDEX } from './station-records.ts'

let dir: string
let db: Database
let store: SearchStore
let service: SearchService

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-configuration-'))
  db = openDatabase(dir)
  store = new SearchStore(db)
  service = new SearchService(store, new TaskStore(db))
})

afterEach(() => {
  service.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The configuration an older version shipped: without its last station rule and one setting. */
function olderConfiguration(): StationConfiguration {
  const older: StationConfiguration = {}
  for (const [name, config] of Object.entries(shippedConfiguration())) {
    const { customRanking: _dropped, ...settings } = config.settings
    older[name] = { settings, synonyms: config.synonyms, rules: config.rules.slice(0, -1) }
  }
  return older
}

/** A DATA_DIR an older version imported: the stations with that version's configuration. */
async function importedByOlderVersion(): Promise<void> {
  await importStations(store)
  store.transaction(() => writeConfiguration(store, olderConfiguration()))
  await service.load()
}

const ruleIds = (name: string) => service.rulesOf(name).map((rule) => rule.objectID)
const newestRule = () => (shippedConfiguration()[STATIONS_INDEX]!.rules.at(-1) as Rule).objectID
const allIndexes = () => Object.keys(shippedConfiguration()).sort()

describe('stations configuration on start', () => {
  it('leaves a store the import just wrote alone', async () => {
    await importStations(store)
    await service.load()
    const outcome = upgradeConfiguration(store, service)
    expect(outcome).toEqual({ status: 'current' })
    expect(upgradeMessage(outcome)).toBeUndefined()
    expect(service.lastTaskID()).toBe(0)
  })

  it('applies a new version’s configuration to every index nobody changed, as an asynchronous write', async () => {
    await importedByOlderVersion()
    expect(ruleIds(STATIONS_INDEX)).not.toContain(newestRule())
    const outcome = upgradeConfiguration(store, service)
    if (outcome.status !== 'upgraded') throw new Error(`expected an upgrade, got ${outcome.status}`)
    expect(outcome.changes.map((change) => change.index)).toEqual(allIndexes())
    expect(outcome.changes[0]?.parts).toEqual(['settings', 'rules'])
    expect(upgradeMessage(outcome)).toEqual({
      level: 'info',
      message: expect.stringMatching(/^stations configuration: applying .*stations \(settings, rules\)/),
    })
    // Acknowledged now, applied by the task queue like every write.
    expect(service.taskStatus(outcome.taskID)).toBe('notPublished')
    await service.idle()
    expect(service.taskStatus(outcome.taskID)).toBe('published')
    for (const name of allIndexes()) expect(ruleIds(name)).toContain(newestRule())
    expect(service.searchSettings(STATIONS_INDEX).customRanking).toEqual(
      shippedConfiguration()[STATIONS_INDEX]?.settings.customRanking,
    )
    expect(service.search('stations_name_asc', { query: 'ber', hitsPerPage: 1 }).nbHits).toBeGreaterThan(0)
    expect(upgradeConfiguration(store, service)).toEqual({ status: 'current' })
  })

  it('keeps what an operator changed through the API, and says what differs', async () => {
    await importedByOlderVersion()
    const own: Rule = { objectID: 'operator-rule', consequence: { userData: { hinweis: 'eigene Regel' } } }
    service.saveRules(STATIONS_INDEX, [own], false, false)
    await service.idle()
    const before = store.getIndex(STATIONS_INDEX)
    const tasksBefore = service.lastTaskID()
    const outcome = upgradeConfiguration(store, service)
    expect(outcome).toMatchObject({
      status: 'kept',
      changedThroughApi: [{ index: STATIONS_INDEX, parts: ['rules'] }],
    })
    const message = upgradeMessage(outcome)
    expect(message?.level).toBe('warn')
    expect(message?.message).toContain('changed through the API since the last import: stations (rules)')
    expect(message?.message).toContain('stations (settings, rules)')
    expect(message?.message).toContain("'npm run import'")
    await service.idle()
    expect(service.lastTaskID()).toBe(tasksBefore)
    const after = store.getIndex(STATIONS_INDEX)
    expect(after?.rules).toEqual(before?.rules)
    expect(after?.settings).toEqual(before?.settings)
    expect(ruleIds(STATIONS_INDEX)).toContain('operator-rule')
    expect(ruleIds(STATIONS_INDEX)).not.toContain(newestRule())
  })

  it('keeps a store from before this bookkeeping unless it already holds this version', async () => {
    // Written without remembering what was applied, as older versions did.
    for (const [name, config] of Object.entries(olderConfiguration())) {
      store.putSettings(name, config.settings)
      store.putRules(name, [...config.rules])
      store.putSynonyms(name, [...config.synonyms])
    }
    await service.load()
    const outcome = upgradeConfiguration(store, service)
    expect(outcome).toMatchObject({ status: 'kept', changedThroughApi: 'unknown' })
    expect(upgradeMessage(outcome)?.message).toContain('does not record what was last imported')
    expect(ruleIds(STATIONS_INDEX)).not.toContain(newestRule())

    for (const [name, config] of Object.entries(shippedConfiguration())) {
      store.putSettings(name, config.settings)
      store.putRules(name, [...config.rules])
      store.putSynonyms(name, [...config.synonyms])
    }
    expect(upgradeConfiguration(store, service)).toEqual({ status: 'current' })
  })
})
