// An existing DATA_DIR gets a new version's stations configuration on start when nobody changed the
// old one; an operator's changes are never overwritten.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/database.ts'
import type { Rule } from '../search/rules/rule-types.ts'
import { SearchStore } from '../search/store/search-store.ts'
import { importStations } from './import-stations.ts'
import {
  type StationConfiguration,
  shippedConfiguration,
  upgradeConfiguration,
  writeConfiguration,
} from './station-configuration.ts'
import { STATIONS_INDEX } from './station-records.ts'

let dir: string
let db: Database
let store: SearchStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-configuration-'))
  db = openDatabase(dir)
  store = new SearchStore(db)
})

afterEach(() => {
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

const ruleIds = (name: string) => (store.getIndex(name)?.rules ?? []).map((rule) => rule.objectID)
const newestRule = () => (shippedConfiguration()[STATIONS_INDEX]!.rules.at(-1) as Rule).objectID

describe('stations configuration on start', () => {
  it('leaves a store the import just wrote alone', async () => {
    await importStations(store)
    expect(upgradeConfiguration(store)).toEqual({ status: 'current' })
  })

  it('applies a new version’s configuration to every index nobody changed', () => {
    store.transaction(() => writeConfiguration(store, olderConfiguration()))
    expect(ruleIds(STATIONS_INDEX)).not.toContain(newestRule())
    const outcome = upgradeConfiguration(store)
    expect(outcome.status).toBe('upgraded')
    expect(outcome.status === 'upgraded' && outcome.indexes).toEqual(
      Object.keys(shippedConfiguration()).sort(),
    )
    for (const name of Object.keys(shippedConfiguration())) expect(ruleIds(name)).toContain(newestRule())
    expect(store.getIndex(STATIONS_INDEX)?.settings.customRanking).toEqual(
      shippedConfiguration()[STATIONS_INDEX]?.settings.customRanking,
    )
    expect(upgradeConfiguration(store)).toEqual({ status: 'current' })
  })

  it('keeps what an operator changed through the API and names the index', () => {
    store.transaction(() => writeConfiguration(store, olderConfiguration()))
    const own: Rule = { objectID: 'operator-rule', consequence: { userData: { hinweis: 'eigene Regel' } } }
    store.putRules(STATIONS_INDEX, [...(store.getIndex(STATIONS_INDEX)?.rules ?? []), own])
    const before = store.getIndex(STATIONS_INDEX)
    expect(upgradeConfiguration(store)).toEqual({ status: 'kept', indexes: [STATIONS_INDEX] })
    const after = store.getIndex(STATIONS_INDEX)
    expect(after?.rules).toEqual(before?.rules)
    expect(after?.settings).toEqual(before?.settings)
    expect(ruleIds(STATIONS_INDEX)).toContain('operator-rule')
  })

  it('keeps a store from before this bookkeeping unless it already holds this version', () => {
    // Written without remembering what was applied, as older versions did.
    for (const [name, config] of Object.entries(olderConfiguration())) {
      store.putSettings(name, config.settings)
      store.putRules(name, [...config.rules])
      store.putSynonyms(name, [...config.synonyms])
    }
    expect(upgradeConfiguration(store).status).toBe('kept')
    expect(ruleIds(STATIONS_INDEX)).not.toContain(newestRule())

    for (const [name, config] of Object.entries(shippedConfiguration())) {
      store.putSettings(name, config.settings)
      store.putRules(name, [...config.rules])
      store.putSynonyms(name, [...config.synonyms])
    }
    expect(upgradeConfiguration(store)).toEqual({ status: 'current' })
  })
})
