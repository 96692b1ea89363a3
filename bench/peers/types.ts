// What the bench needs from an engine under test.
import type { StationRecord } from '../../server/stations/station-records.ts'
import type { WorkItem } from '../workload.ts'

export interface BenchEngine {
  readonly name: string
  build(records: readonly StationRecord[]): Promise<void>
  /** Runs one work item; returns the number of hits of the first request (a sanity check). */
  run(item: WorkItem): Promise<number>
  /** Why a work item cannot run on this engine, or undefined when it can. */
  unsupported(item: WorkItem): string | undefined
  /** How a work item is answered when the engine lacks the feature ("emulated in JS"). */
  note(item: WorkItem): string | undefined
  dispose(): void
}
