import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { BootError } from './app/boot-error.tsx'
import { loadInfoPage, loadNoticePage, loadNoticesPage, loadStationPage } from './app/lazy-pages.ts'
import { loadSearchPage } from './search/lazy-search-page.ts'
import { loadConfig } from './shared/config.ts'
import { noteFailedStylesheets } from './ui/chunk-retry.ts'
import './ui/base.css'

noteFailedStylesheets()

const root = createRoot(document.getElementById('root')!)

// Start loading the page's chunk while the config is fetched, not after.
if (location.pathname === '/suche') void loadSearchPage()
else if (location.pathname.startsWith('/bahnhof/')) void loadStationPage()
else if (location.pathname.startsWith('/info/')) void loadInfoPage()
else if (location.pathname === '/meldungen') void loadNoticesPage()
else if (location.pathname.startsWith('/meldungen/')) void loadNoticePage()

loadConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error)
    root.render(<BootError />)
  },
)
