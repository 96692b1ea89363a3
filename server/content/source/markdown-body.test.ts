import { BLOCKS, type Node } from '@contentful/rich-text-types'
import { describe, expect, it } from 'vitest'
import { markdownToRichText } from './markdown-body.ts'

const embeds = {
  assetId: () => undefined,
  stationTeaserId: (id: string) => `station-${id}`,
  hasEntry: () => false,
}

const types = (nodes: Node[]): string[] => nodes.map((node) => node.nodeType)

describe('markdown tables', () => {
  it("turn the header row's cells into table-header-cells and keep the body rows' cells", async () => {
    const document = await markdownToRichText(
      'table.md',
      '| Bahnhof | Aufzug |\n| --- | --- |\n| Köln Hbf | Gleis 4 |\n| Bonn Hbf | Gleis 1 |\n',
      1,
      embeds,
    )
    const table = document.content.find((node) => node.nodeType === BLOCKS.TABLE) as { content: Node[] }
    const rows = table.content as unknown as Array<{ content: Node[] }>
    expect(rows.map((row) => types(row.content))).toEqual([
      [BLOCKS.TABLE_HEADER_CELL, BLOCKS.TABLE_HEADER_CELL],
      [BLOCKS.TABLE_CELL, BLOCKS.TABLE_CELL],
      [BLOCKS.TABLE_CELL, BLOCKS.TABLE_CELL],
    ])
  })
})
