import { prerender } from 'react-dom/static'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { AppIntl, loadMessages } from '../i18n/intl.tsx'
import type { Locale } from '../i18n/locale.ts'
import { type AppConfig, parseConfig } from '../shared/config.ts'
import { ConfigContext } from '../shared/config-context.tsx'
import { browserEnvironment, RenderContext } from '../shared/render-context.tsx'
import { createServerContentClient } from './content-client.ts'
import { InfoPage } from './info-page.tsx'

const config: AppConfig = parseConfig({
  search: {
    appId: 'app',
    apiKey: 'key',
    indexName: 'stations',
    hosts: [{ url: 'localhost', protocol: 'http' }],
  },
})

/** The page as the content service answers it: `language` says which language its text is in. */
function pageIn(language: string) {
  const body = { nodeType: 'document', data: {}, content: [] }
  return {
    data: {
      pageCollection: {
        total: 1,
        items: [
          {
            sys: { id: 'impressum' },
            title: 'Impressum',
            slug: 'impressum',
            summary: 'Wer',
            language,
            body: { json: body },
          },
        ],
      },
    },
  }
}

/** Renders /info/impressum as the server does; answers with the page in `language`. */
async function renderPage(locale: Locale, language: string) {
  await loadMessages(locale)
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(pageIn(language)), { headers: { 'content-type': 'application/json' } }),
  )
  const { client } = createServerContentClient(
    config.content,
    'http://localhost/',
    fetch as typeof globalThis.fetch,
  )
  const environment = { ...browserEnvironment(), content: { serverClient: client } }
  const { prelude } = await prerender(
    <RenderContext value={environment}>
      <ConfigContext value={config}>
        <AppIntl locale={locale}>
          <MemoryRouter initialEntries={['/info/impressum']}>
            <Routes>
              <Route path="/info/:slug" element={<InfoPage />} />
            </Routes>
          </MemoryRouter>
        </AppIntl>
      </ConfigContext>
    </RenderContext>,
  )
  const html = await new Response(prelude).text()
  // The server's client posts its queries (its URL may be long); the browser's asks with GET.
  const request = fetch.mock.calls[0] as unknown as [string, RequestInit]
  const { variables } = JSON.parse(String(request[1].body)) as { variables: Record<string, unknown> }
  return { html, variables }
}

describe('a content page in the page’s language', () => {
  it('asks for en-US on an English page, and says of a German-only answer that it is only in German, marked lang="de"', async () => {
    const { html, variables } = await renderPage('en', 'de-DE')
    expect(variables).toEqual({ slug: 'impressum', locale: 'en-US' })
    expect(html).toContain('This page is only available in German.')
    expect(html).toMatch(/<h1 id="seitentitel" lang="de">Impressum<\/h1>/)
    expect(html).toContain('<p class="content-summary" lang="de">Wer</p>')
  })

  it('shows an English answer on an English page without the note', async () => {
    const { html } = await renderPage('en', 'en-US')
    expect(html).not.toContain('only available in German')
    expect(html).not.toContain('lang="de"')
  })

  it('asks for de-DE on a German page, with no note', async () => {
    const { html, variables } = await renderPage('de', 'de-DE')
    expect(variables).toEqual({ slug: 'impressum', locale: 'de-DE' })
    expect(html).not.toContain('nur auf Deutsch')
    expect(html).not.toContain('lang=')
  })
})
