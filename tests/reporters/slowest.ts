// The ten slowest tests of a run, each with the share of its timeout it used: a test that passes
// only on a quiet machine shows here long before it fails on a busy one. Printed by both runners
// (vitest.config.ts, playwright.config.ts).

export interface Timed {
  title: string
  durationMs: number
  timeoutMs: number
}

export function slowestReport(tests: Timed[], count = 10): string {
  const slowest = [...tests].sort((a, b) => b.durationMs - a.durationMs).slice(0, count)
  if (slowest.length === 0) return ''
  const lines = slowest.map((test) => {
    const share = test.timeoutMs > 0 ? Math.round((100 * test.durationMs) / test.timeoutMs) : 0
    const seconds = (test.durationMs / 1000).toFixed(1).padStart(6)
    return `${seconds} s ${String(share).padStart(3)} % of ${test.timeoutMs / 1000} s  ${test.title}`
  })
  return `\nThe ${slowest.length} slowest tests (duration, share of the test's timeout):\n${lines.join('\n')}\n`
}
