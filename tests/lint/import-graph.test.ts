// The layers of tests/lint/layers.ts, checked on the resolved import graph of server/ and web/:
// every folder has a rule, no file imports a folder its layer may not, no import cycle (type-only
// imports included), and docs/architecture.md carries the rules as they are.
import { describe, expect, it } from 'vitest'
import {
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
  it('every folder of server/ and web/ has a layer rule', () => {
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
    expect(violations([probe('server/search/engine/x.ts', 'node:fs', 'package')])).toHaveLength(1)
    expect(violations([probe('web/map/x.ts', 'web/search/search-page.tsx')])).toHaveLength(1)
    expect(
      violations([probe('server/search/routes/x.ts', 'server/search/execution/search-execution.ts')]),
    ).toEqual([])
  })

  it('keeps the code shared with the browser free of Node and of server-only files', () => {
    const edge = (from: string, to: string, kind: ImportEdge['kind'], typeOnly = false): ImportEdge => ({
      from,
      to,
      kind,
      typeOnly,
    })
    const refused = [
      edge('server/search/execution/x.ts', 'node:crypto', 'package'),
      edge('server/search/execution/x.ts', 'node:timers/promises', 'package', true),
      edge('server/search/protocol/x.ts', 'zod', 'package'),
      edge('server/search/rules/x.ts', 'server/search/credentials.ts', 'file'),
      edge('server/search/execution/x.ts', 'server/search/service/search-service.ts', 'file'),
      edge('server/search/execution/x.ts', 'server/search/keys/api-keys.ts', 'file'),
      // domain-error.ts is shared, so what it imports is checked too.
      edge('server/search/domain-error.ts', 'node:util', 'package'),
    ]
    for (const probe of refused) expect(violations([probe]), probe.to).toHaveLength(1)
    expect(
      violations([
        edge('server/search/execution/x.ts', 'server/search/service/search-service.ts', 'file', true),
        edge('server/search/rules/x.ts', 'server/search/domain-error.ts', 'file'),
        edge('server/search/execution/x.ts', 'server/search/engine/types.ts', 'file'),
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
})
