// The stations index's configuration as this version ships it (settings, synonyms and rules of the
// index and its sort replicas), and its upgrade on start: an existing DATA_DIR gets a new version's
// configuration when nobody changed the old one through the API since it was applied; otherwise
// nothing is overwritten and the operator is told how to take the new one (`npm run import`).
import type { IndexSettings, Synonym } from '../search/engine/types.ts'
import type { Rule } from '../search/rules/rule-types.ts'
import type { SearchStore } from '../search/store/search-store.ts'
import { replicaSettings, STATIONS_INDEX, STATIONS_SETTINGS } from './station-records.ts'
import { STATIONS_RULES } from './station-rules.ts'
import { STATIONS_SYNONYMS } from './station-synonyms.ts'

/** Per index name: what the import writes. */
export type StationConfiguration = Record<
  string,
  { settings: IndexSettings; synonyms: readonly Synonym[]; rules: readonly Rule[] }
>

/** Where the store keeps the configuration last applied by an import or an upgrade. */
const APPLIED_KEY = 'stations.configuration'

export function shippedConfiguration(): StationConfiguration {
  const configuration: StationConfiguration = {
    [STATIONS_INDEX]: { settings: STATIONS_SETTINGS, synonyms: STATIONS_SYNONYMS, rules: STATIONS_RULES },
  }
  for (const [name, settings] of Object.entries(replicaSettings()))
    configuration[name] = { settings, synonyms: STATIONS_SYNONYMS, rules: STATIONS_RULES }
  return configuration
}

/** Writes a configuration and remembers it as applied (call inside the store's transaction). */
export function writeConfiguration(store: SearchStore, configuration: StationConfiguration): void {
  for (const [name, { settings, synonyms, rules }] of Object.entries(configuration)) {
    store.putSettings(name, settings)
    store.putSynonyms(name, [...synonyms])
    store.putRules(name, [...rules])
  }
  store.setMeta(APPLIED_KEY, JSON.stringify(configuration))
}

/** JSON with sorted keys: the store's copy and the shipped one compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

function stored(store: SearchStore, names: readonly string[]): StationConfiguration {
  const configuration: StationConfiguration = {}
  for (const name of names) {
    const index = store.getIndex(name)
    if (index)
      configuration[name] = { settings: index.settings, synonyms: index.synonyms, rules: index.rules }
  }
  return configuration
}

/** The indexes whose stored configuration differs from `expected`. */
function changed(current: StationConfiguration, expected: StationConfiguration): string[] {
  const names = new Set([...Object.keys(current), ...Object.keys(expected)])
  return [...names].filter((name) => canonical(current[name]) !== canonical(expected[name])).sort()
}

export type UpgradeOutcome =
  | { status: 'current' }
  | { status: 'upgraded'; indexes: string[] }
  | { status: 'kept'; indexes: string[] }

/**
 * Brings an existing store's stations configuration to this version's. Applied only when what is
 * stored is exactly what the last import or upgrade wrote; a store from before this bookkeeping
 * that does not already hold this version's configuration is left as it is ('kept').
 */
export function upgradeConfiguration(store: SearchStore): UpgradeOutcome {
  const shipped = shippedConfiguration()
  const appliedText = store.getMeta(APPLIED_KEY)
  if (appliedText !== undefined && canonical(JSON.parse(appliedText)) === canonical(shipped)) {
    return { status: 'current' }
  }
  const names = [
    ...new Set([...Object.keys(shipped), ...(appliedText ? Object.keys(JSON.parse(appliedText)) : [])]),
  ]
  const current = stored(store, names)
  if (changed(current, shipped).length === 0) {
    store.setMeta(APPLIED_KEY, JSON.stringify(shipped))
    return { status: 'current' }
  }
  const operatorChanges = appliedText === undefined ? names : changed(current, JSON.parse(appliedText))
  if (operatorChanges.length > 0) return { status: 'kept', indexes: operatorChanges }
  const indexes = changed(current, shipped)
  store.transaction(() => writeConfiguration(store, shipped))
  return { status: 'upgraded', indexes }
}
