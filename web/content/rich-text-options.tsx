import type { Options } from '@contentful/rich-text-react-renderer'
import { BLOCKS, type Block, INLINES, type Inline, MARKS } from '@contentful/rich-text-types'
import type { ReactNode } from 'react'
import { Children } from 'react'
import { Link } from 'react-router'
import { useMessages } from '../i18n/intl.tsx'
import { ContentImage } from './content-image.tsx'
import type { LinkedAsset, LinkedEntry, RichTextLinks } from './content-types.ts'
import { linkTarget } from './safe-link.ts'
import { StationTeaserCard } from './station-teaser-card.tsx'

type Heading = 'h2' | 'h3' | 'h4' | 'h5' | 'h6'

function targetId(node: Block | Inline): string | undefined {
  const target = (node.data as { target?: { sys?: { id?: unknown } } }).target
  return typeof target?.sys?.id === 'string' ? target.sys.id : undefined
}

function byId<T extends { sys: { id: string } }>(list: Array<T | null> | undefined): Map<string, T> {
  return new Map((list ?? []).flatMap((item) => (item ? [[item.sys.id, item] as const] : [])))
}

/** Where an entry lives in this app: a page, a notice or a station. */
function entryPath(entry: LinkedEntry): string | null {
  if (entry.__typename === 'Page' && 'slug' in entry && entry.slug)
    return `/info/${encodeURIComponent(entry.slug)}`
  if (entry.__typename === 'Notice' && 'slug' in entry && entry.slug) {
    return `/meldungen/${encodeURIComponent(entry.slug)}`
  }
  if (entry.__typename === 'StationTeaser' && 'stationId' in entry && entry.stationId) {
    return `/bahnhof/${encodeURIComponent(entry.stationId)}`
  }
  return null
}

function entryTitle(entry: LinkedEntry): string | null {
  return 'title' in entry ? entry.title : null
}

function hyperlink(uri: unknown, children: ReactNode): ReactNode {
  const target = linkTarget(uri)
  if (target.kind === 'internal') return <Link to={target.to}>{children}</Link>
  if (target.kind === 'external') {
    return (
      <a href={target.href} rel="noopener noreferrer">
        {children}
      </a>
    )
  }
  // A refused scheme keeps its words and loses the link.
  return <span className="rich-link-refused">{children}</span>
}

function entryLink(entry: LinkedEntry | undefined, children: ReactNode): ReactNode {
  const path = entry && entryPath(entry)
  return path ? <Link to={path}>{children}</Link> : <span>{children}</span>
}

/** Header rows (all cells header cells) go into <thead>, the rest into <tbody>, as HTML requires. */
function RichTable({ node, children }: { node: Block; children: ReactNode }) {
  const t = useMessages()
  const rows = Children.toArray(children)
  const isHeader = node.content.map((row) =>
    'content' in row && row.content.length > 0
      ? row.content.every((cell) => cell.nodeType === BLOCKS.TABLE_HEADER_CELL)
      : false,
  )
  let headerRows = 0
  while (headerRows < isHeader.length && isHeader[headerRows]) headerRows++
  return (
    // A wide table scrolls inside its box; the box is focusable so that keyboards can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="rich-table" aria-label={t('content.table')} tabIndex={0}>
      <table>
        {headerRows > 0 && <thead>{rows.slice(0, headerRows)}</thead>}
        <tbody>{rows.slice(headerRows)}</tbody>
      </table>
    </section>
  )
}

function containsHeading1(node: { nodeType: string; content?: unknown[] }): boolean {
  if (node.nodeType === BLOCKS.HEADING_1) return true
  return (node.content ?? []).some((child) =>
    containsHeading1(child as { nodeType: string; content?: unknown[] }),
  )
}

/**
 * Rendering options for a Contentful rich-text document with its resolved links. The page's own
 * title is the h1, so a document that uses heading-1 is moved one level down throughout.
 */
export function richTextOptions(
  document: Block | { nodeType: string; content: unknown[] },
  links?: RichTextLinks | null,
): Options {
  const shift = containsHeading1(document) ? 1 : 0
  const heading = (level: number) => `h${Math.min(6, Math.max(2, level + shift))}` as Heading
  const blockEntries = byId(links?.entries.block)
  const inlineEntries = byId(links?.entries.inline)
  const linkedEntries = byId(links?.entries.hyperlink)
  const blockAssets = byId<LinkedAsset>(links?.assets.block)
  const linkedAssets = byId<LinkedAsset>(links?.assets.hyperlink)

  const headingNode = (level: number) => (_node: Block | Inline, children: ReactNode) => {
    const Tag = heading(level)
    return <Tag>{children}</Tag>
  }

  return {
    renderMark: {
      [MARKS.BOLD]: (text) => <strong>{text}</strong>,
      [MARKS.ITALIC]: (text) => <em>{text}</em>,
      [MARKS.UNDERLINE]: (text) => <u>{text}</u>,
      [MARKS.CODE]: (text) => <code>{text}</code>,
      [MARKS.SUPERSCRIPT]: (text) => <sup>{text}</sup>,
      [MARKS.SUBSCRIPT]: (text) => <sub>{text}</sub>,
      [MARKS.STRIKETHROUGH]: (text) => <s>{text}</s>,
    },
    // Line breaks inside a paragraph (Shift+Enter in Contentful); the lines never reorder.
    renderText: (text) =>
      text.split('\n').flatMap((line, n) =>
        n === 0
          ? [line]
          : [
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
              <br key={n} />,
              line,
            ],
      ),
    renderNode: {
      [BLOCKS.HEADING_1]: headingNode(1),
      [BLOCKS.HEADING_2]: headingNode(2),
      [BLOCKS.HEADING_3]: headingNode(3),
      [BLOCKS.HEADING_4]: headingNode(4),
      [BLOCKS.HEADING_5]: headingNode(5),
      [BLOCKS.HEADING_6]: headingNode(6),
      [BLOCKS.TABLE]: (node, children) => <RichTable node={node as Block}>{children}</RichTable>,
      [BLOCKS.TABLE_HEADER_CELL]: (_node, children) => <th scope="col">{children}</th>,
      [BLOCKS.EMBEDDED_ASSET]: (node) => {
        const asset = blockAssets.get(targetId(node) ?? '')
        return asset?.contentType?.startsWith('image/') ? <ContentImage asset={asset} /> : null
      },
      [BLOCKS.EMBEDDED_ENTRY]: (node) => {
        const entry = blockEntries.get(targetId(node) ?? '')
        if (!entry) return null
        if (entry.__typename === 'StationTeaser' && 'stationId' in entry && entry.stationId) {
          return <StationTeaserCard stationId={entry.stationId} title={entry.title} />
        }
        const path = entryPath(entry)
        return path ? (
          <p className="rich-entry-link">
            <Link to={path}>{entryTitle(entry) ?? path}</Link>
          </p>
        ) : null
      },
      [BLOCKS.EMBEDDED_RESOURCE]: () => null,
      [INLINES.EMBEDDED_ENTRY]: (node) => {
        const entry = inlineEntries.get(targetId(node) ?? '')
        return entry ? entryLink(entry, entryTitle(entry) ?? entryPath(entry)) : null
      },
      [INLINES.EMBEDDED_RESOURCE]: () => null,
      [INLINES.HYPERLINK]: (node, children) => hyperlink((node.data as { uri?: unknown }).uri, children),
      [INLINES.ENTRY_HYPERLINK]: (node, children) =>
        entryLink(linkedEntries.get(targetId(node) ?? ''), children),
      [INLINES.ASSET_HYPERLINK]: (node, children) => {
        const asset = linkedAssets.get(targetId(node) ?? '')
        return hyperlink(asset?.url?.startsWith('//') ? `https:${asset.url}` : asset?.url, children)
      },
      [INLINES.RESOURCE_HYPERLINK]: (_node, children) => <span>{children}</span>,
    },
  }
}
