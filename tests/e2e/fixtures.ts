// Playwright fixtures: the server URL from global setup, and helpers that read as user actions.

import { createRequire } from 'node:module'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test'
import { serverUrl } from './base-url.ts'

export { expect }

/**
 * The axe-core rules that can find a serious or critical violation: a rule's declared impact is the
 * impact of every violation it reports, and the specs assert only those two. The others are not run:
 * they were never asserted and they cost the most (on /suche the landmark rule `region` alone was
 * 40 % of a run that took 19 s on two busy cores). Read from the copy of axe-core that
 * @axe-core/playwright injects, so the list follows its version.
 */
const UNASSERTED_AXE_RULES: string[] = (() => {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))
  const axe = fromBuilder('axe-core') as { _audit: { rules: Array<{ id: string; impact?: string }> } }
  return axe._audit.rules
    .filter((rule) => rule.impact === 'moderate' || rule.impact === 'minor')
    .map((rule) => rule.id)
})()

/** The multi-query endpoint the lite client posts every search to. */
export const QUERIES_URL = /\/1\/indexes\/\*\/queries/
export const EVENTS_URL = /\/1\/events/

export interface SentQuery {
  indexName: string
  type?: string
  params: Record<string, unknown>
}

/** The queries of one POST /1/indexes/*\/queries, whether sent as `params` strings or JSON fields. */
export function sentQueries(request: Request): SentQuery[] {
  const body = request.postDataJSON() as { requests: Array<Record<string, unknown>> }
  return body.requests.map(({ indexName, type, params, ...fields }) => {
    const fromString =
      typeof params === 'string' ? Object.fromEntries(new URLSearchParams(params).entries()) : {}
    return {
      indexName: String(indexName),
      type: typeof type === 'string' ? type : undefined,
      params: { ...fromString, ...(typeof params === 'object' && params ? params : {}), ...fields },
    }
  })
}

type AriaRole = Parameters<Locator['getByRole']>[0]

/** Highlighted matches: <mark>, role "mark" (ARIA 1.3; Chromium exposes it, Playwright's types lack it). */
export function highlights(scope: Locator): Locator {
  return scope.getByRole('mark' as AriaRole)
}

/**
 * Goes to `path` the way a link within the app does (the router's client-side navigation, from
 * another page): the page then fetches its data in the browser, where a test can hold or fail it.
 * A page loaded with `page.goto` comes rendered by the server with its data.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const from = path === '/' ? '/info/hilfe' : '/'
  const current = page.url() === 'about:blank' ? undefined : new URL(page.url())
  if (!current || current.pathname === new URL(path, current).pathname) {
    await page.goto(from)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
  }
  await page.evaluate((target) => {
    history.pushState({}, '', target)
    dispatchEvent(new PopStateEvent('popstate', { state: {} }))
  }, path)
}

/** Holds the page's requests for matching scripts until `release()` (a slow line for the app's code). */
export async function hold(page: Page, url: RegExp): Promise<{ release: () => void }> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return { release }
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) a moment from now. The moment is
 * read from the page and the pause lands a round trip later: on a busy machine that round trip can
 * outlast the moment (Playwright then refuses to go back), so further ahead each time.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 100; ; ahead *= 2) {
    const at = await page.evaluate((ms) => Date.now() + ms, ahead)
    const paused = await page.clock.pauseAt(at).then(
      () => true,
      (error: unknown) => {
        if (ahead >= 25_600 || !String(error).includes('to the past')) throw error
        return false
      },
    )
    if (paused) return
  }
}

/** Waits until the app has taken the page over (a server-rendered page's controls are plain HTML before). */
export async function untilInteractive(page: Page): Promise<void> {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The page /suche, as a user sees it. */
export class SearchUi {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  /**
   * Opens the page and waits until the app has taken it over: before that its results are the
   * server's plain HTML, and a click on a hit is a plain link (under load in CI a spec clicked
   * before hydration and waited for a request the app never made).
   */
  async open(query = ''): Promise<void> {
    await this.page.goto(`/suche${query}`)
    await untilInteractive(this.page)
    await this.settled()
  }

  /** Waits until the results show and no search runs. */
  async settled(): Promise<void> {
    await expect(this.stats).toHaveText(/^[\d.]+ Bahnh(ö|o)fe?$/)
    await expect(this.results).toHaveAttribute('aria-busy', 'false')
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Bahnhof suchen' })
  }

  get results(): Locator {
    return this.page.getByRole('region', { name: 'Ergebnisse' })
  }

  get hits(): Locator {
    return this.results.getByRole('article')
  }

  /** "1.234 Bahnhöfe" (after a failed search: "… (vorherige Suche)") */
  get stats(): Locator {
    return this.results.getByText(/^[\d.]+ Bahnh(ö|o)fe?( \(vorherige Suche\))?$/)
  }

  /** The filters: beside the results, or a dialog on narrow screens. */
  get filters(): Locator {
    return this.page
      .getByRole('complementary', { name: 'Filter', exact: true })
      .or(this.page.getByRole('dialog', { name: 'Filter', exact: true }))
  }

  facet(title: string): Locator {
    return this.filters.getByRole('group', { name: title, exact: true })
  }

  /** A facet value's checkbox; its name is "<label> [description] <count> Bahnhöfe". */
  facetValue(title: string, label: string): Locator {
    return this.facet(title).getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(label)} `) })
  }

  /** Checks a facet value, finding it through the list's search field when it is not among the top 10. */
  async refine(title: string, label: string): Promise<void> {
    const value = this.facetValue(title, label)
    if ((await value.count()) === 0) {
      await this.facet(title).getByRole('searchbox').fill(label)
    }
    await value.check()
    await this.settled()
  }

  get stalledNotice(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Die Suche dauert länger als gewohnt' })
  }

  get errorAlert(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Die Suche hat nicht funktioniert' })
  }

  /** The URL's search parameters right now. */
  params(): URLSearchParams {
    return new URL(this.page.url()).searchParams
  }

  async expectParam(name: string, value: string | null): Promise<void> {
    await expect.poll(() => this.params().get(name)).toBe(value)
  }
}

interface Fixtures {
  /**
   * Whether the page may keep its copy of the index for offline searches (web/offline/). Off by
   * default: most specs are about a device without one (a first visit), where a failing network
   * shows its error; with a copy the device would answer instead (offline-search.spec.ts).
   */
  offlineCopy: boolean
  search: SearchUi
  /** Serious and critical axe-core violations on the page as it is now. */
  axeViolations: () => Promise<Array<{ id: string; impact: string | null | undefined; nodes: string[] }>>
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures destructure their dependencies
  baseURL: async ({}, use) => {
    await use(serverUrl())
  },
  offlineCopy: [false, { option: true }],
  context: async ({ context, offlineCopy }, use) => {
    // An answer without a version is not kept (an aborted request would log a console error, which
    // some specs count).
    if (!offlineCopy)
      await context.route('**/offline/1/indexes/*/snapshot?*', (route) =>
        route.fulfill({ status: 200, body: '' }),
      )
    await use(context)
  },
  search: async ({ page }, use) => {
    await use(new SearchUi(page))
  },
  axeViolations: async ({ page }, use, testInfo) => {
    await use(async () => {
      // A run on a large page takes seconds, up to 19 s beside a loaded machine: each gets its own time.
      testInfo.setTimeout(testInfo.timeout + 60_000)
      const results = await new AxeBuilder({ page }).disableRules(UNASSERTED_AXE_RULES).analyze()
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          nodes: violation.nodes.map((node) => node.target.join(' ')),
        }))
    })
  },
})
