// Playwright reporter: the ten slowest tests of the run (tests/reporters/slowest.ts).
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { slowestReport, type Timed } from './slowest.ts'

export default class SlowestTests implements Reporter {
  private readonly timed: Timed[] = []

  onTestEnd(test: TestCase, result: TestResult): void {
    this.timed.push({
      title: `${test.location.file.split('/tests/e2e/')[1] ?? test.location.file}:${test.location.line} ${test.title}`,
      durationMs: result.duration,
      timeoutMs: test.timeout,
    })
  }

  onEnd(): void {
    process.stdout.write(slowestReport(this.timed))
  }

  printsToStdio(): boolean {
    return true
  }
}
