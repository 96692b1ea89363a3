import { BLOCKS, type Document, INLINES, MARKS } from '@contentful/rich-text-types'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AppIntl } from '../i18n/intl.tsx'
import { type AppConfig, parseConfig } from '../shared/config.ts'
import { ConfigContext } from '../shared/config-context.tsx'
import type { RichTextField, RichTextLinks } from './content-types.ts'
import { RichText } from './rich-text.tsx'

const config: AppConfig = parseConfig({
  search: {
    appId: 'app',
    apiKey: 'key',
    indexName: 'stations',
    hosts: [{ url: 'localhost', protocol: 'http' }],
  },
})

type Node = Document['content'][number]
type Child = Node['content'][number]

const text = (value: string, marks: string[] = []): Child =>
  ({ nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} }) as Child
const block = (nodeType: string, content: unknown[] = [], data: object = {}): Node =>
  ({ nodeType, content, data }) as Node
const inline = (nodeType: string, content: unknown[] = [], data: object = {}): Child =>
  ({ nodeType, content, data }) as Child
const paragraph = (...content: Child[]) => block(BLOCKS.PARAGRAPH, content)
const link = (linkType: 'Entry' | 'Asset', id: string) => ({
  target: { sys: { id, type: 'Link', linkType } },
})
const doc = (...content: Node[]): Document => ({ nodeType: BLOCKS.DOCUMENT, content, data: {} }) as Document

const noLinks: RichTextLinks = {
  entries: { block: [], inline: [], hyperlink: [] },
  assets: { block: [], hyperlink: [] },
}

function render(document: Document, links: RichTextLinks = noLinks): string {
  const field: RichTextField = { json: document, links }
  return renderToStaticMarkup(
    <AppIntl>
      <ConfigContext value={config}>
        <MemoryRouter>
          <RichText field={field} />
        </MemoryRouter>
      </ConfigContext>
    </AppIntl>,
  )
}

const hyperlink = (uri: string, label = 'Link') =>
  render(doc(paragraph(inline(INLINES.HYPERLINK, [text(label)], { uri }))))

describe('rich-text renderer', () => {
  it('renders headings, keeping the page title the only h1', () => {
    expect(
      render(doc(block(BLOCKS.HEADING_2, [text('Abschnitt')]), block(BLOCKS.HEADING_3, [text('Teil')]))),
    ).toBe('<div class="rich-text"><h2>Abschnitt</h2><h3>Teil</h3></div>')
    const shifted = render(
      doc(
        block(BLOCKS.HEADING_1, [text('Eins')]),
        block(BLOCKS.HEADING_2, [text('Zwei')]),
        block(BLOCKS.HEADING_4, [text('Vier')]),
        block(BLOCKS.HEADING_5, [text('Fünf')]),
        block(BLOCKS.HEADING_6, [text('Sechs')]),
      ),
    )
    expect(shifted).toContain('<h2>Eins</h2><h3>Zwei</h3><h5>Vier</h5><h6>Fünf</h6><h6>Sechs</h6>')
    expect(shifted).not.toContain('<h1')
  })

  it('renders paragraphs with line breaks, lists, quotes and rules', () => {
    const html = render(
      doc(
        paragraph(text('Erste Zeile\nzweite Zeile')),
        block(BLOCKS.UL_LIST, [block(BLOCKS.LIST_ITEM, [paragraph(text('Aufzug'))])]),
        block(BLOCKS.OL_LIST, [block(BLOCKS.LIST_ITEM, [paragraph(text('Schritt 1'))])]),
        block(BLOCKS.QUOTE, [paragraph(text('Zitat'))]),
        block(BLOCKS.HR),
      ),
    )
    expect(html).toContain('<p>Erste Zeile<br/>zweite Zeile</p>')
    expect(html).toContain('<ul><li><p>Aufzug</p></li></ul>')
    expect(html).toContain('<ol><li><p>Schritt 1</p></li></ol>')
    expect(html).toContain('<blockquote><p>Zitat</p></blockquote>')
    expect(html).toContain('<hr/>')
  })

  it('renders every mark', () => {
    const html = render(
      doc(
        paragraph(
          text('fett', [MARKS.BOLD]),
          text('kursiv', [MARKS.ITALIC]),
          text('unterstrichen', [MARKS.UNDERLINE]),
          text('code', [MARKS.CODE]),
          text('hoch', [MARKS.SUPERSCRIPT]),
          text('tief', [MARKS.SUBSCRIPT]),
          text('alt', [MARKS.STRIKETHROUGH]),
          text('beides', [MARKS.BOLD, MARKS.ITALIC]),
        ),
      ),
    )
    for (const tag of [
      '<strong>fett</strong>',
      '<em>kursiv</em>',
      '<u>unterstrichen</u>',
      '<code>code</code>',
    ]) {
      expect(html).toContain(tag)
    }
    for (const tag of ['<sup>hoch</sup>', '<sub>tief</sub>', '<s>alt</s>']) expect(html).toContain(tag)
    expect(html).toMatch(/<(strong|em)><(em|strong)>beides<\/\2><\/\1>/)
  })

  it('renders a table with a header row in thead, scrollable by keyboard', () => {
    const row = (type: string, ...cells: string[]) =>
      block(
        BLOCKS.TABLE_ROW,
        cells.map((cell) => block(type, [paragraph(text(cell))])),
      )
    const html = render(
      doc(
        block(BLOCKS.TABLE, [
          row(BLOCKS.TABLE_HEADER_CELL, 'Tag', 'Zeit'),
          row(BLOCKS.TABLE_CELL, 'Montag', '6–22 Uhr'),
        ]),
      ),
    )
    expect(html).toContain('<section class="rich-table" aria-label="Tabelle" tabindex="0"><table>')
    expect(html).toContain(
      '<thead><tr><th scope="col"><p>Tag</p></th><th scope="col"><p>Zeit</p></th></tr></thead>',
    )
    expect(html).toContain('<tbody><tr><td><p>Montag</p></td><td><p>6–22 Uhr</p></td></tr></tbody>')
  })

  it('links internal paths through the router and allowed schemes as they are', () => {
    expect(hyperlink('/info/hilfe', 'Hilfe')).toContain(
      '<a href="/info/hilfe" data-discover="true">Hilfe</a>',
    )
    expect(hyperlink('https://www.bahn.de/', 'bahn.de')).toContain(
      '<a href="https://www.bahn.de/" rel="noopener noreferrer">bahn.de</a>',
    )
    expect(hyperlink('mailto:info@example.org')).toContain('href="mailto:info@example.org"')
    expect(hyperlink('tel:+4930123456')).toContain('href="tel:+4930123456"')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/',
    '/\\evil.example/',
    '/\t/evil.example/',
    'ftp://example.org/',
    'info/hilfe',
  ])('renders a link to %j as plain text', (uri) => {
    const html = hyperlink(uri, 'Klick')
    expect(html).not.toContain('<a')
    expect(html).not.toContain('href')
    expect(html).toContain('Klick')
  })

  it('resolves entry hyperlinks and inline entries to their pages', () => {
    const links: RichTextLinks = {
      ...noLinks,
      entries: {
        block: [],
        inline: [{ __typename: 'Notice', sys: { id: 'n1' }, slug: 'aufzug-koeln', title: 'Aufzug Köln' }],
        hyperlink: [
          {
            __typename: 'Page',
            sys: { id: 'p1' },
            slug: 'barrierefrei-reisen',
            title: 'Barrierefrei reisen',
          },
          null,
        ],
      },
    }
    const html = render(
      doc(
        paragraph(
          inline(INLINES.ENTRY_HYPERLINK, [text('barrierefrei')], link('Entry', 'p1')),
          inline(INLINES.EMBEDDED_ENTRY, [], link('Entry', 'n1')),
          inline(INLINES.ENTRY_HYPERLINK, [text('verschwunden')], link('Entry', 'missing')),
        ),
      ),
      links,
    )
    expect(html).toContain('<a href="/info/barrierefrei-reisen" data-discover="true">barrierefrei</a>')
    expect(html).toContain('<a href="/meldungen/aufzug-koeln" data-discover="true">Aufzug Köln</a>')
    expect(html).toContain('<span>verschwunden</span>')
  })

  it('renders an embedded image with alt text, width and height', () => {
    const links: RichTextLinks = {
      ...noLinks,
      assets: {
        block: [
          {
            sys: { id: 'a1' },
            url: '/content-assets/bahnsteig.jpg',
            title: 'Bahnsteig mit Aufzug',
            description: 'Ein gläserner Aufzug am Bahnsteig',
            width: 1200,
            height: 800,
            contentType: 'image/jpeg',
          },
          {
            sys: { id: 'a2' },
            url: 'data:image/svg+xml,<svg onload=alert(1)>',
            title: 'Böse',
            description: null,
            width: 10,
            height: 10,
            contentType: 'image/svg+xml',
          },
        ],
        hyperlink: [],
      },
    }
    const html = render(
      doc(
        block(BLOCKS.EMBEDDED_ASSET, [], link('Asset', 'a1')),
        block(BLOCKS.EMBEDDED_ASSET, [], link('Asset', 'a2')),
      ),
      links,
    )
    expect(html).toMatch(
      /<img src="\/content-assets\/bahnsteig.jpg"[^>]* alt="Ein gläserner Aufzug am Bahnsteig"/,
    )
    expect(html).toMatch(/<img [^>]*width="1200" height="800"/)
    expect(html).toContain('<figcaption>Bahnsteig mit Aufzug</figcaption>')
    expect(html).not.toContain('data:')
  })

  it('renders an embedded station teaser as a station card linking to the station', () => {
    const links: RichTextLinks = {
      ...noLinks,
      entries: {
        block: [{ __typename: 'StationTeaser', sys: { id: 't1' }, stationId: '8000207', title: 'Köln Hbf' }],
        inline: [],
        hyperlink: [],
      },
    }
    const html = render(doc(block(BLOCKS.EMBEDDED_ENTRY, [], link('Entry', 't1'))), links)
    expect(html).toContain('aria-label="Bahnhof: Köln Hbf"')
    expect(html).toContain('<a href="/bahnhof/8000207" data-discover="true">Köln Hbf</a>')
  })

  it('drops embedded entries and assets it cannot resolve', () => {
    const html = render(
      doc(
        block(BLOCKS.EMBEDDED_ENTRY, [], link('Entry', 'missing')),
        block(BLOCKS.EMBEDDED_ASSET, [], link('Asset', 'missing')),
        paragraph(text('Rest')),
      ),
    )
    expect(html).toBe('<div class="rich-text"><p>Rest</p></div>')
  })
})
