/**
 * Loading a lazy chunk again after it failed.
 *
 * Browsers long kept a failed module fetch for the life of the page: a second `import()` of the
 * same URL rejected at once without asking the network (the HTML standard said so until 2026;
 * Chromium up to 150 and Safari behave that way, newer Chromium asks again). In such a browser no
 * retry inside the page can succeed, so when the second import fails too while the page itself can
 * be fetched, the failure is the browser's memory, not the network: the page is reloaded. Every
 * state a visitor can lose (query, filters, page, map box, view) is in the URL, so nothing is lost.
 * If the page cannot be fetched either, the visitor is still offline and the failure stands.
 */
export interface ChunkRetryEnvironment {
  /** Adds again the stylesheets that failed to load; rejects if one fails again. */
  restoreStylesheets: () => Promise<void>
  /** Whether this page's own URL answers now (not from a cache). */
  pageReachable: () => Promise<boolean>
  reload: () => void
}

export async function loadAgain<Value>(
  load: () => Promise<Value>,
  environment: ChunkRetryEnvironment = browserEnvironment,
): Promise<Value> {
  try {
    await environment.restoreStylesheets()
    return await load()
  } catch (error) {
    if (!(await environment.pageReachable())) throw error
    environment.reload()
    // The page goes away; until it does, the part keeps showing that it loads.
    return new Promise<Value>(() => {})
  }
}

/**
 * Vite's preload helper asks for each stylesheet of a chunk once per page, whether it loaded or
 * not, so a chunk loaded again would come back without its CSS. The stylesheets that fail are
 * therefore noted (and their dead links removed) as they fail, and a retry adds them anew.
 */
const failedStylesheets = new Set<string>()

export function noteFailedStylesheets(target: Window = window) {
  target.addEventListener(
    'error',
    (event) => {
      const element = event.target
      if (!(element instanceof HTMLLinkElement) || element.rel !== 'stylesheet') return
      failedStylesheets.add(element.href)
      element.remove()
    },
    true,
  )
}

function addStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.addEventListener('load', () => resolve())
    link.addEventListener('error', () => reject(new Error(`Stylesheet ${href} konnte nicht geladen werden`)))
    document.head.append(link)
  })
}

const browserEnvironment: ChunkRetryEnvironment = {
  restoreStylesheets: async () => {
    const hrefs = [...failedStylesheets]
    failedStylesheets.clear()
    await Promise.all(hrefs.map(addStylesheet))
  },
  pageReachable: async () => {
    try {
      const response = await fetch(location.href, { method: 'HEAD', cache: 'no-store' })
      return response.ok
    } catch {
      return false
    }
  },
  reload: () => location.reload(),
}
