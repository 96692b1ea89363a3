// The layers of tests/lint/layers.ts, checked on the resolved import graph of search-core/, server/
// and web/: every folder has a rule, no file imports a folder its layer may not, no import cycle
// (type-only imports included), and docs/architecture.md and biome.json carry the rules as they are.
import { describe, expect, it } from 'vitest'
import {
  biomeLayerOverrides,
  configuredOverrides,
  cycles,
  documentedTable,
  folderOf,
  type ImportEdge,
  importsOf,
  LAYERS,
  layerTable,
  sourceFiles,
  violations,
} from './layers.ts'

const files = sourceFiles()
const edges = files.flatMap(importsOf)

describe('the resolved import graph', () => {
  it('every folder of search-core/, server/ and web/ has a layer rule', () => {
    const folders = new Set(files.map(folderOf))
    expect([...folders].filter((folder) => !LAYERS[folder])).toEqual([])
  })

  it('no file imports a folder or package its layer may not', () => {
    expect(violations(edges)).toEqual([])
  })

  it('finds a forbidden import however its path is written', () => {
    const probe = (from: string, to: string, kind: ImportEdge['kind'] = 'file'): ImportEdge => ({
      from,
      to,
      kind,
      typeOnly: false,
    })
    // '../../search/store/…' from routes/ resolves into the store: refused, as '../store/…' is.
    expect(
      violations([probe('server/search/routes/x.ts', 'server/search/store/search-store.ts')]),
    ).toHaveLength(1)
    expect(violations([probe('search-core/engine/x.ts', 'node:fs', 'package')])).toHaveLength(1)
    expect(violations([probe('web/map/x.ts', 'web/search/search-page.tsx')])).toHaveLength(1)
    expect(violations([probe('web/offline/x.ts', 'server/search/keys/api-keys.ts')])).toHaveLength(1)
    expect(
      violations([probe('server/search/routes/x.ts', 'server/search/execution/repeated-multi-query.ts')]),
    ).toEqual([])
  })

  it('keeps the search core free of Node and of the server, and reached only through its entry point', () => {
    const edge = (from: string, to: string, kind: ImportEdge['kind'], typeOnly = false): ImportEdge => ({
      from,
      to,
      kind,
      typeOnly,
    })
    const refused = [
      edge('search-core/execution/x.ts', 'node:crypto', 'package'),
      edge('search-core/execution/x.ts', 'node:timers/promises', 'package', true),
      edge('search-core/protocol/x.ts', 'zod', 'package'),
      edge('search-core/rules/x.ts', 'server/search/credentials.ts', 'file'),
      edge('search-core/execution/x.ts', 'server/search/service/search-service.ts', 'file', true),
      edge('search-core/domain-error.ts', 'node:util', 'package'),
      edge('search-core/engine/x.ts', 'search-core/protocol/filters.ts', 'file'),
      // outside the core, only its entry point
      edge('web/offline/x.ts', 'search-core/execution/offline-search.ts', 'file'),
      edge('server/search/routes/x.ts', 'search-core/engine/types.ts', 'file', true),
      edge('web/map/x.ts', 'search-core/index.ts', 'file'),
    ]
    for (const probe of refused) expect(violations([probe]), `${probe.from} → ${probe.to}`).toHaveLength(1)
    expect(
      violations([
        edge('search-core/rules/x.ts', 'search-core/domain-error.ts', 'file'),
        edge('search-core/execution/x.ts', 'search-core/engine/types.ts', 'file'),
        edge('web/offline/x.ts', 'search-core/index.ts', 'file'),
        edge('server/search/routes/x.ts', 'search-core/index.ts', 'file', true),
      ]),
    ).toEqual([])
  })

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(edges)).toEqual([])
    expect(
      cycles([
        { from: 'web/map/a.tsx', to: 'web/map/b.ts', kind: 'file', typeOnly: false },
        { from: 'web/map/b.ts', to: 'web/map/a.tsx', kind: 'file', typeOnly: true },
      ]),
    ).toEqual([['web/map/a.tsx', 'web/map/b.ts']])
  })

  it('docs/architecture.md states the rules as they are (node tests/lint/layers.ts --write)', () => {
    // Compared cell by cell: the formatter pads the table's columns.
    const cells = (table: string | undefined) =>
      table
        ?.split('\n')
        .map((line) => line.replace(/\s*\|\s*/g, '|').replace(/\|-+(?=\|)/g, '|---'))
        .join('\n')
    expect(cells(documentedTable())).toBe(cells(layerTable()))
  })

  it('biome.json carries the rules as they are (node tests/lint/layers.ts --write)', () => {
    expect(configuredOverrides()).toEqual(biomeLayerOverrides())
  })
})
