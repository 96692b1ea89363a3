// The stations index's configuration as this version ships it (settings, synonyms and rules of the
// index and its sort replicas), and its upgrade on start: an existing DATA_DIR gets a new version's
// configuration (as one asynchronous write) when nobody changed the old one through the API since it
// was applied; otherwise nothing is overwritten and the operator is told what differs and how to
// take the new one (`npm run import`).
import type { IndexSettings, Rule, Synonym } from '../../search-core/index.ts'
import type { SearchService } from '../search/service/search-service.ts'
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

const PARTS = ['settings', 'synonyms', 'rules'] as const

/** Per index that differs, the parts that do: `stations (rules, settings)`. */
interface Difference {
  index: string
  parts: string[]
}

/** The indexes whose configuration differs between `current` and `expected`, and in what. */
function differences(current: StationConfiguration, expected: StationConfiguration): Difference[] {
  const names = [...new Set([...Object.keys(current), ...Object.keys(expected)])].sort()
  return names
    .map((index) => ({
      index,
      parts:
        current[index] === undefined || expected[index] === undefined
          ? ['the whole index']
          : PARTS.filter((part) => canonical(current[index]?.[part]) !== canonical(expected[index]?.[part])),
    }))
    .filter((difference) => difference.parts.length > 0)
}

function describeDifferences(list: readonly Difference[]): string {
  return list.map(({ index, parts }) => `${index} (${parts.join(', ')})`).join(', ')
}

export type UpgradeOutcome =
  | { status: 'current' }
  | { status: 'upgraded'; changes: Difference[]; taskID: number }
  | { status: 'kept'; changedThroughApi: Difference[] | 'unknown'; shipped: Difference[] }

/**
 * Brings an existing store's stations configuration to this version's; call it once the service
 * has loaded (and applied any logged writes). Applied, as one asynchronous write, only when what
 * is stored is exactly what the last import or upgrade wrote; a store from before this
 * bookkeeping that does not already hold this version's configuration is left as it is ('kept').
 */
export function upgradeConfiguration(store: SearchStore, service: SearchService): UpgradeOutcome {
  const shipped = shippedConfiguration()
  const appliedText = store.getMeta(APPLIED_KEY)
  const applied = appliedText === undefined ? undefined : (JSON.parse(appliedText) as StationConfiguration)
  if (applied !== undefined && canonical(applied) === canonical(shipped)) return { status: 'current' }
  const names = [...new Set([...Object.keys(shipped), ...Object.keys(applied ?? {})])]
  const current = stored(store, names)
  const changes = differences(current, shipped)
  if (changes.length === 0) {
    // Already this version's (written by hand, or by an import before this bookkeeping).
    store.setMeta(APPLIED_KEY, JSON.stringify(shipped))
    return { status: 'current' }
  }
  const changedThroughApi = applied === undefined ? 'unknown' : differences(current, applied)
  if (changedThroughApi !== 'unknown' && changedThroughApi.length === 0) {
    const writable = Object.fromEntries(
      Object.entries(shipped).map(([name, { settings, synonyms, rules }]) => [
        name,
        { settings, synonyms: [...synonyms], rules: [...rules] },
      ]),
    )
    const ack = service.replaceConfiguration(writable, { key: APPLIED_KEY, value: JSON.stringify(shipped) })
    return { status: 'upgraded', changes, taskID: Math.max(...ack.taskIDs.values()) }
  }
  return { status: 'kept', changedThroughApi, shipped: changes }
}

/** The start's log line for an outcome: info for an upgrade, a warning when it is held back. */
export function upgradeMessage(
  outcome: UpgradeOutcome,
): { level: 'info' | 'warn'; message: string } | undefined {
  if (outcome.status === 'current') return undefined
  if (outcome.status === 'upgraded') {
    return {
      level: 'info',
      message: `stations configuration: applying this version's settings, synonyms and rules to ${describeDifferences(outcome.changes)} (task ${outcome.taskID})`,
    }
  }
  const why =
    outcome.changedThroughApi === 'unknown'
      ? 'this data directory does not record what was last imported (it comes from an older version)'
      : `they were changed through the API since the last import: ${describeDifferences(outcome.changedThroughApi)}`
  return {
    level: 'warn',
    message:
      `stations configuration: this version ships other ${describeDifferences(outcome.shipped)}; kept as they are, because ${why}. ` +
      "'npm run import' applies this version's configuration and reloads the stations (replacing those changes)",
  }
}
