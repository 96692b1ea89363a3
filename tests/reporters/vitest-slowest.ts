// Vitest reporter: the ten slowest tests of the run (tests/reporters/slowest.ts).
import type { Reporter, TestModule, Vitest } from 'vitest/node'
import { slowestReport, type Timed } from './slowest.ts'

export default class SlowestTests implements Reporter {
  private defaultTimeoutMs = 0

  onInit(vitest: Vitest): void {
    this.defaultTimeoutMs = vitest.config.testTimeout
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed: Timed[] = []
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const duration = test.diagnostic()?.duration
        if (duration === undefined) continue
        timed.push({
          title: `${module.relativeModuleId}: ${test.fullName}`,
          durationMs: duration,
          timeoutMs: test.options.timeout ?? this.defaultTimeoutMs,
        })
      }
    }
    process.stdout.write(slowestReport(timed))
  }
}
