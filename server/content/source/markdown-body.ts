// Markdown → Contentful rich text, with our embed syntax, checked with Contentful's own validator.
//   ![Beschreibung](plan.svg)          embedded asset (a file in assets/)
//   ![Titel](station:8011160)          embedded StationTeaser entry (block)
//   [Titel](station:8011160)           embedded StationTeaser entry (inline)
//   [Text](entry:hilfe)                entry hyperlink to a page or notice (its id)
//   [Text](asset:plan.svg)             asset hyperlink
//   [Text](/info/hilfe), [Text](https://…), mailto:, tel:   ordinary hyperlinks
import { richTextFromMarkdown } from '@contentful/rich-text-from-markdown'
import {
  BLOCKS,
  type Document,
  INLINES,
  type Inline,
  type Node,
  type Text,
  validateRichTextDocument,
} from '@contentful/rich-text-types'
import { ContentError } from './content-error.ts'

export interface EmbedResolver {
  /** The asset id of a file in assets/, or undefined when there is none. */
  assetId(fileName: string): string | undefined
  /** The id of the StationTeaser entry for this station (created on first use). */
  stationTeaserId(stationId: string, title: string | undefined): string
  /** Whether an entry (page or notice) with this id exists. */
  hasEntry(id: string): boolean
}

interface MarkdownNode {
  type: string
  url?: string
  alt?: string | null
  value?: string
  position?: { start: { line: number } }
}

const STATION_ID = /^[A-Za-z0-9_-]{1,64}$/
const LINK_SCHEMES = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i

function link(linkType: 'Entry' | 'Asset', id: string) {
  return { target: { sys: { id, type: 'Link', linkType } } }
}

/** Converts a Markdown body; throws ContentError naming the file and line of the first problem. */
export async function markdownToRichText(
  file: string,
  body: string,
  bodyLine: number,
  embeds: EmbedResolver,
): Promise<Document> {
  const lineOf = (node: MarkdownNode) => (node.position?.start.line ?? 1) + bodyLine - 1
  const fail = (node: MarkdownNode, message: string): never => {
    throw new ContentError(file, lineOf(node), message)
  }

  const fallback = async (node: MarkdownNode): Promise<Node | null> => {
    if (node.type === 'image') {
      const url = decodeURI(node.url ?? '')
      const station = /^station:(.*)$/.exec(url)
      if (station) {
        const stationId = station[1] ?? ''
        if (!STATION_ID.test(stationId)) fail(node, `"${stationId}" is not a station ID`)
        const id = embeds.stationTeaserId(stationId, node.alt?.trim() || undefined)
        return { nodeType: BLOCKS.EMBEDDED_ENTRY, data: link('Entry', id), content: [] } as Node
      }
      const fileName = url.replace(/^(\.\/)?(assets\/)?/, '')
      const assetId = embeds.assetId(fileName)
      if (!assetId) return fail(node, `image "${url}" is not a file in assets/`)
      return { nodeType: BLOCKS.EMBEDDED_ASSET, data: link('Asset', assetId), content: [] } as Node
    }
    if (node.type === 'break') return { nodeType: 'text', value: '\n', marks: [], data: {} } as Text
    if (node.type === 'html') return fail(node, 'HTML is not allowed in content; use Markdown')
    if (node.type === 'code') return fail(node, 'code blocks are not supported; use `inline code`')
    return fail(node, `unsupported Markdown (${node.type})`)
  }

  const document = await richTextFromMarkdown(body, fallback)
  const located = (text: string | undefined, message: string): never => {
    throw new ContentError(file, findLine(body, text, bodyLine), message)
  }
  rewriteLinks(document, embeds, located)
  markHeaderRows(document)
  const problems = validateRichTextDocument(document)
  const problem = problems[0]
  if (problem) {
    const node = nodeAt(document, (problem.path ?? []) as readonly (string | number)[])
    located(firstText(node), `not valid rich text: ${problem.details} (${(problem.path ?? []).join('.')})`)
  }
  return document
}

/** Turns our link schemes into Contentful's link nodes and refuses unsafe URIs. */
function rewriteLinks(
  parent: { content: Node[] },
  embeds: EmbedResolver,
  located: (text: string | undefined, message: string) => never,
): void {
  parent.content = parent.content.map((node) => {
    if (node.nodeType !== INLINES.HYPERLINK) {
      if ('content' in node && Array.isArray(node.content))
        rewriteLinks(node as { content: Node[] }, embeds, located)
      return node
    }
    const hyperlink = node as Inline
    const uri = String(hyperlink.data.uri ?? '')
    const text = firstText(hyperlink)
    const [, scheme, rest = ''] = /^(station|entry|asset):(.*)$/.exec(uri) ?? []
    if (scheme === 'station') {
      if (!STATION_ID.test(rest)) located(text, `"${rest}" is not a station ID`)
      const id = embeds.stationTeaserId(rest, text?.trim() || undefined)
      return { nodeType: INLINES.EMBEDDED_ENTRY, data: link('Entry', id), content: [] } as Node
    }
    if (scheme === 'entry') {
      if (!embeds.hasEntry(rest)) located(text, `link to "${uri}": no page or notice has the id "${rest}"`)
      return { ...hyperlink, nodeType: INLINES.ENTRY_HYPERLINK, data: link('Entry', rest) } as Node
    }
    if (scheme === 'asset') {
      const id = embeds.assetId(rest.replace(/^(assets\/)?/, ''))
      if (!id) located(text, `link to "${uri}": no such file in assets/`)
      return { ...hyperlink, nodeType: INLINES.ASSET_HYPERLINK, data: link('Asset', id ?? '') } as Node
    }
    if (!LINK_SCHEMES.test(uri)) {
      located(
        text,
        `link "${uri}": only https://, http://, mailto:, tel: and paths starting with / are allowed`,
      )
    }
    return node
  })
}

/**
 * A Markdown table always has a header row, but the converter emits its cells as plain
 * `table-cell`s: they become `table-header-cell`s, as in a Contentful table with its header on.
 */
function markHeaderRows(parent: { content: Node[] }): void {
  for (const node of parent.content) {
    if (!('content' in node) || !Array.isArray(node.content)) continue
    if (node.nodeType === BLOCKS.TABLE) {
      const [header] = node.content as Node[]
      if (header && 'content' in header && Array.isArray(header.content)) {
        header.content = (header.content as Node[]).map((cell) =>
          cell.nodeType === BLOCKS.TABLE_CELL
            ? ({ ...cell, nodeType: BLOCKS.TABLE_HEADER_CELL } as Node)
            : cell,
        )
      }
      continue
    }
    markHeaderRows(node as { content: Node[] })
  }
}

function nodeAt(document: Document, path: readonly (string | number)[]): Node | undefined {
  // The path may end in a property (…content.0.nodeType): keep the deepest node on the way.
  let current: unknown = document
  let node: Node | undefined = document
  for (const key of path) {
    if (current === null || typeof current !== 'object') break
    current = (current as Record<string | number, unknown>)[key]
    if (current && typeof current === 'object' && 'nodeType' in current) node = current as Node
  }
  return node
}

function firstText(node: Node | undefined): string | undefined {
  if (!node) return undefined
  if (node.nodeType === 'text') return (node as Text).value || undefined
  for (const child of 'content' in node && Array.isArray(node.content) ? (node.content as Node[]) : []) {
    const text = firstText(child)
    if (text) return text
  }
  return undefined
}

/** Best effort: the first body line holding the node's text, else the body's first line. */
function findLine(body: string, text: string | undefined, bodyLine: number): number {
  const needle = text?.trim().slice(0, 40)
  if (needle) {
    const index = body.split('\n').findIndex((line) => line.includes(needle))
    if (index >= 0) return bodyLine + index
  }
  return bodyLine
}
