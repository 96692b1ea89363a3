// The shape of an index snapshot (service/index-snapshot.ts makes it, OfflineSearch reads it): beside
// the domain errors, shared with the browser, so that the device can name it without the service.
import type { IndexSettings, SearchRecord, Synonym } from './engine/types.ts'
import type { Rule } from './rules/rule-types.ts'

export interface SnapshotIndex {
  name: string
  /** As the engine runs them; a replica's name its primary. */
  settings: IndexSettings & { primary?: string }
  synonyms: Synonym[]
  rules: Rule[]
}

export interface IndexSnapshot extends SnapshotIndex {
  /** The snapshot's shape; a reader refuses one it does not know. */
  format: 1
  /** A digest of everything below: two snapshots with the same version answer alike. */
  version: string
  /** When the index (or a replica) last changed, as the store says: for the user, not for equality. */
  updatedAt: string
  replicas: SnapshotIndex[]
  /** In the engine's order: equal scores keep the order the server's engine has. */
  records: SearchRecord[]
}
