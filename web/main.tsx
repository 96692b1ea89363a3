import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { registerServiceWorker } from './app/app-updates.ts'
import { BootError } from './app/boot-error.tsx'
import { chunkOfPage } from './app/lazy-pages.ts'
import { AppIntl, loadMessages } from './i18n/intl.tsx'
import { localeOfPath } from './i18n/locale.ts'
import { deviceFetch } from './offline/device-fetch.ts'
import { type AppConfig, loadConfig, parseConfig } from './shared/config.ts'
import { onIdle } from './shared/idle-callback.ts'
import { browserEnvironment, type RenderEnvironment } from './shared/render-context.tsx'
import { readServerData } from './shared/server-data.ts'
import { noteFailedStylesheets } from './ui/chunk-retry.ts'
import { submitFormsChangedBeforeHydration } from './ui/submit-on-change.ts'
import './ui/base.css'

noteFailedStylesheets()
// A filter chosen while the page's chunk still loads, or before this script ran, must not be lost.
submitFormsChangedBeforeHydration()

const container = document.getElementById('root')!
const serverData = readServerData(document)
// Start loading the page's chunk, and its language's messages, at once, not after the config.
const pageChunk = chunkOfPage(location.pathname)?.load()
const locale = localeOfPath(location.pathname)
const messages = loadMessages(locale)
// The server says so in the page it sends; the installed app's shell (offline) is German's.
document.documentElement.lang = locale

function app(config: AppConfig, environment: RenderEnvironment) {
  return (
    <StrictMode>
      <App config={config} environment={environment} />
    </StrictMode>
  )
}

async function boot(): Promise<void> {
  if (serverData) {
    // The server rendered this page: take it over with the server's config and data, once the
    // page's own chunk is here (hydrating before would only suspend).
    const config = parseConfig(serverData.config)
    const environment = browserEnvironment(serverData, deviceFetch(config.search))
    await Promise.all([pageChunk?.catch(() => undefined), messages])
    hydrateRoot(container, app(config, environment))
    whenLoadedAndIdle(() => keepForOffline(config, environment))
    return
  }
  const config = await loadConfig()
  await messages
  const environment = browserEnvironment(undefined, deviceFetch(config.search))
  createRoot(container).render(app(config, environment))
  whenLoadedAndIdle(() => keepForOffline(config, environment))
}

/** After the page's load event, when the browser is idle: never before a page's first hits. */
function whenLoadedAndIdle(run: () => void): void {
  const idle = () => onIdle(run, 5000)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

/**
 * The device's copy of the index and the outbox (web/offline/), and the list of notices
 * (web/content/keep-notices.ts, with the page's own content client): their code loads only now.
 */
function keepForOffline(config: AppConfig, environment: RenderEnvironment): void {
  import('./offline/keep-offline-copy.ts')
    .then((offline) => offline.keepOfflineCopy(config.search))
    .catch((error: unknown) => console.warn('offline copy not kept:', error))
  import('./content/keep-notices.ts')
    .then((content) => content.keepNotices(config.content, environment, localeOfPath(location.pathname)))
    .catch((error: unknown) => console.warn('notices not kept:', error))
}

boot().catch((error: unknown) => {
  console.error(error)
  createRoot(container).render(
    <AppIntl locale={locale}>
      <BootError />
    </AppIntl>,
  )
})
registerServiceWorker()
