// The layering of the search stack and the absence of import cycles are kept by the linter
// (biome.json: noRestrictedImports per layer, noImportCycles). These tests write a probe file into
// a layer, lint it with the project's configuration, and expect the rule to fire (or not), so a
// change to biome.json that loosens a rule fails here.
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { CORE, folderOf, LAYERS, sourceFiles } from './layers.ts'

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

describe('layers, as biome.json states them', () => {
  // For every layer: an import of a file of a layer it may not use fires the rule, one of a layer it
  // may use does not; and the search core is reached from outside through its entry point only.
  const files = sourceFiles()
  const fileIn = (layer: string): string | undefined =>
    layer === CORE ? 'search-core/index.ts' : files.find((file) => folderOf(file) === layer)
  const specifier = (from: string, to: string): string => {
    const path = relative(dirname(from), to)
    return path.startsWith('.') ? path : `./${path}`
  }
  const cases: [layer: string, file: string, specifier: string, forbidden: boolean][] = []
  for (const [name, layer] of Object.entries(LAYERS)) {
    const home = fileIn(name)
    if (!home) continue
    const probe = join(dirname(home), 'lint-probe.ts')
    const forbidden = Object.keys(LAYERS).find(
      (other) => other !== name && !layer.may.includes(other) && !layer.may.includes('*') && fileIn(other),
    )
    if (forbidden) cases.push([name, probe, specifier(probe, fileIn(forbidden)!), true])
    const allowed = layer.may.find((other) => other !== '*' && fileIn(other))
    if (allowed) cases.push([name, probe, specifier(probe, fileIn(allowed)!), false])
    if (!name.startsWith(`${CORE}/`))
      cases.push([name, probe, specifier(probe, 'search-core/engine/types.ts'), true])
  }
  cases.push(
    ['web offline', 'web/offline/lint-probe.ts', '../../server/search/keys/api-keys.ts', true],
    ['web search', 'web/search/lint-probe.ts', '../../server/web/page-budget.ts', true],
    ['core engine', 'search-core/engine/lint-probe.ts', 'node:fs', true],
    ['core execution', 'search-core/execution/lint-probe.ts', 'zod', true],
    ['core engine', 'search-core/engine/query-language/lint-probe.ts', '../types.ts', false],
    ['core engine', 'search-core/engine/query-language/lint-probe.ts', '../../protocol/filters.ts', true],
    ['core rules', 'search-core/rules/lint-probe.ts', '../../server/search/credentials.ts', true],
    ['routes', 'server/search/routes/lint-probe.ts', 'node:sqlite', true],
    ['service', 'server/search/service/lint-probe.ts', '@fastify/cors', true],
  )

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

describe('globals of Node in the search core, which the browser runs too', () => {
  it('are reported in every folder of search-core/, not in server/', () => {
    const uses = `export const n = Buffer.byteLength('x') + (process.env.X ? 1 : 0)\n`
    const shared = ['.', 'engine', 'engine/query-language', 'protocol', 'rules', 'execution'].map((folder) =>
      folder === '.' ? 'search-core/lint-probe-globals.ts' : `search-core/${folder}/lint-probe-globals.ts`,
    )
    const server = 'server/search/service/lint-probe-globals.ts'
    const reports = lintProbes(Object.fromEntries([...shared, server].map((file) => [file, uses])))
    for (const file of shared) expect(reports.get(file), file).toContain('lint/style/noRestrictedGlobals')
    expect(reports.get(server)).not.toContain('lint/style/noRestrictedGlobals')
  })
})
