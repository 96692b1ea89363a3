// The layering of the search stack and the absence of import cycles are kept by the linter
// (biome.json: noRestrictedImports per layer, noImportCycles). These tests write a probe file into
// a layer, lint it with the project's configuration, and expect the rule to fire (or not), so a
// change to biome.json that loosens a rule fails here.
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const BIOME = join(ROOT, 'node_modules/.bin/biome')

interface Diagnostic {
  category?: string
  location?: { path?: string }
}

/** Lints files written for the occasion in one Biome run; returns the rules reported per file. */
function lintProbes(files: Record<string, string>): Map<string, string[]> {
  const paths = Object.keys(files)
  for (const [path, text] of Object.entries(files)) writeFileSync(join(ROOT, path), text)
  try {
    let output: string
    try {
      output = execFileSync(BIOME, ['lint', '--reporter=json', ...paths], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
    } catch (error) {
      // Biome exits 1 when it reports errors; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '')
    }
    const report = JSON.parse(output) as { diagnostics: Diagnostic[] }
    const byFile = new Map<string, string[]>(paths.map((path) => [path, []]))
    for (const diagnostic of report.diagnostics) {
      byFile.get(diagnostic.location?.path ?? '')?.push(diagnostic.category ?? '')
    }
    return byFile
  } finally {
    for (const path of paths) rmSync(join(ROOT, path), { force: true })
  }
}

const RESTRICTED = 'lint/style/noRestrictedImports'

function importing(specifier: string): string {
  return `import * as probe from '${specifier}'\nexport const used = probe\n`
}

describe('layers of the search stack', () => {
  const cases: [layer: string, file: string, specifier: string, forbidden: boolean][] = [
    ['engine', 'server/search/engine/lint-probe.ts', '../protocol/filters.ts', true],
    ['engine', 'server/search/engine/lint-probe.ts', '../../stations/station-records.ts', true],
    ['engine', 'server/search/engine/lint-probe.ts', 'node:fs', true],
    ['engine', 'server/search/engine/lint-probe.ts', 'fastify', true],
    ['engine', 'server/search/engine/lint-probe.ts', './normalize.ts', false],
    ['protocol', 'server/search/protocol/lint-probe.ts', '../routes/algolia-http.ts', true],
    ['protocol', 'server/search/protocol/lint-probe.ts', '../service/search-service.ts', true],
    ['protocol', 'server/search/protocol/lint-probe.ts', '../store/search-store.ts', true],
    ['protocol', 'server/search/protocol/lint-probe.ts', 'fastify', true],
    ['protocol', 'server/search/protocol/lint-probe.ts', '../engine/types.ts', false],
    ['service', 'server/search/service/lint-probe.ts', '../protocol/algolia-error.ts', true],
    ['service', 'server/search/service/lint-probe.ts', '@fastify/cors', true],
    ['service', 'server/search/service/lint-probe.ts', '../store/search-store.ts', false],
    ['keys', 'server/search/keys/lint-probe.ts', '../routes/key-routes.ts', true],
    ['keys', 'server/search/keys/lint-probe.ts', '../../db/database.ts', true],
    ['insights', 'server/search/insights/lint-probe.ts', '../protocol/algolia-error.ts', true],
    ['store', 'server/search/store/lint-probe.ts', '../service/search-service.ts', true],
    ['store', 'server/search/store/lint-probe.ts', '../engine/types.ts', false],
    ['routes', 'server/search/routes/lint-probe.ts', '../store/search-store.ts', true],
    ['routes', 'server/search/routes/lint-probe.ts', '../../db/database.ts', true],
    ['routes', 'server/search/routes/lint-probe.ts', '../service/search-service.ts', false],
    ['rules', 'server/search/rules/lint-probe.ts', '../protocol/search-params.ts', true],
    ['rules', 'server/search/rules/lint-probe.ts', '../service/search-service.ts', true],
    ['rules', 'server/search/rules/lint-probe.ts', '../store/search-store.ts', true],
    ['rules', 'server/search/rules/lint-probe.ts', 'fastify', true],
    ['rules', 'server/search/rules/lint-probe.ts', '../engine/normalize.ts', false],
    ['web content', 'web/content/lint-probe.ts', '../app/app.tsx', true],
    ['web content', 'web/content/lint-probe.ts', '../stations/fetch-station.ts', false],
    ['web stations', 'web/stations/lint-probe.ts', '../content/rich-text.tsx', true],
    ['web shared', 'web/shared/lint-probe.ts', '../content/queries.ts', true],
    ['recommend', 'server/search/recommend/lint-probe.ts', '../protocol/algolia-error.ts', true],
    ['recommend', 'server/search/recommend/lint-probe.ts', '../store/event-store.ts', true],
    ['recommend', 'server/search/recommend/lint-probe.ts', '../service/search-service.ts', true],
    ['recommend', 'server/search/recommend/lint-probe.ts', 'fastify', true],
    ['recommend', 'server/search/recommend/lint-probe.ts', '../engine/types.ts', false],
    ['analytics', 'server/search/analytics/lint-probe.ts', '../protocol/algolia-error.ts', true],
    ['analytics', 'server/search/analytics/lint-probe.ts', '../routes/analytics-routes.ts', true],
    ['analytics', 'server/search/analytics/lint-probe.ts', '../../db/database.ts', true],
    ['analytics', 'server/search/analytics/lint-probe.ts', 'fastify', true],
    ['analytics', 'server/search/analytics/lint-probe.ts', '../store/search-log-store.ts', false],
    ['store', 'server/search/store/lint-probe.ts', '../analytics/search-recorder.ts', true],
  ]

  // One probe file per case, all linted in one run (each Biome start scans the project).
  const probes = cases.map(([, file, specifier], n) => [file.replace('.ts', `-${n}.ts`), specifier] as const)
  let reports: Map<string, string[]>
  beforeAll(() => {
    reports = lintProbes(Object.fromEntries(probes.map(([file, specifier]) => [file, importing(specifier)])))
  })

  it.each(cases.map((entry, n) => [...entry, n] as const))(
    '%s: %s importing %s is forbidden: %s',
    (_layer, _file, _specifier, forbidden, n) => {
      const reported = reports.get(probes[n]![0]) ?? []
      if (forbidden) expect(reported).toContain(RESTRICTED)
      else expect(reported).not.toContain(RESTRICTED)
    },
  )
})

describe('import cycles', () => {
  it.each([
    ['server', 'server/search/service/lint-probe-a.ts', 'server/search/service/lint-probe-b.ts'],
    ['web', 'web/ui/lint-probe-a.ts', 'web/ui/lint-probe-b.ts'],
  ])('are reported in %s/', (_root, a, b) => {
    const reports = lintProbes({
      [a]: `import { b } from './lint-probe-b.ts'\nexport const a = () => b\n`,
      [b]: `import { a } from './lint-probe-a.ts'\nexport const b = () => a\n`,
    })
    for (const file of [a, b]) expect(reports.get(file)).toContain('lint/suspicious/noImportCycles')
  })
})

describe('globals of Node in the code shared with the browser', () => {
  it('are reported in engine/, protocol/, rules/ and execution/, not in service/', () => {
    const uses = `export const n = Buffer.byteLength('x') + (process.env.X ? 1 : 0)\n`
    const shared = ['engine', 'protocol', 'rules', 'execution'].map(
      (folder) => `server/search/${folder}/lint-probe-globals.ts`,
    )
    const server = 'server/search/service/lint-probe-globals.ts'
    const reports = lintProbes(Object.fromEntries([...shared, server].map((file) => [file, uses])))
    for (const file of shared) expect(reports.get(file), file).toContain('lint/style/noRestrictedGlobals')
    expect(reports.get(server)).not.toContain('lint/style/noRestrictedGlobals')
  })
})
