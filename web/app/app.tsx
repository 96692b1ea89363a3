import type { ReactNode } from 'react'
import { BrowserRouter, Route, Routes, StaticRouter } from 'react-router'
import { AppIntl } from '../i18n/intl.tsx'
import { localeBase, localeOfPath } from '../i18n/locale.ts'
import { SearchRoute } from '../search/search-route.tsx'
import type { AppConfig } from '../shared/config.ts'
import { ConfigContext } from '../shared/config-context.tsx'
import { PAGE_PATHS } from '../shared/page-paths.ts'
import { RenderContext, type RenderEnvironment } from '../shared/render-context.tsx'
import { StationSlotsContext } from '../stations/station-slots.ts'
import { NotFoundPage } from '../ui/not-found-page.tsx'
import { HomePage } from './home-page.tsx'
import { Layout } from './layout.tsx'
import { InfoPage, NoticePage, NoticesPage, StationPage } from './lazy-pages.ts'
import { STATION_CONTENT_SLOTS } from './station-content-slots.tsx'

interface AppProps {
  config: AppConfig
  /** On the server: the path and query of the page to render (the browser's address otherwise). */
  location?: string
  environment: RenderEnvironment
}

function Router({
  location,
  basename,
  children,
}: {
  location: string | undefined
  basename: string
  children: ReactNode
}) {
  return location === undefined ? (
    <BrowserRouter basename={basename}>{children}</BrowserRouter>
  ) : (
    <StaticRouter basename={basename} location={location}>
      {children}
    </StaticRouter>
  )
}

/**
 * The page's language comes from its address (`/en/…` is English, web/i18n/locale.ts), and its
 * routes sit under that language's prefix: the app's links name paths without it.
 */
export function App({ config, location, environment }: AppProps) {
  const locale = localeOfPath((location ?? window.location.pathname).split(/[?#]/, 1)[0] ?? '/')
  return (
    <AppIntl locale={locale}>
      <ConfigContext value={config}>
        <RenderContext value={environment}>
          <StationSlotsContext value={STATION_CONTENT_SLOTS}>
            <Router location={location} basename={localeBase(locale)}>
              <Routes>
                <Route element={<Layout />}>
                  <Route index element={<HomePage />} />
                  <Route path={PAGE_PATHS.search} element={<SearchRoute />} />
                  <Route path={PAGE_PATHS.station} element={<StationPage />} />
                  <Route path={PAGE_PATHS.info} element={<InfoPage />} />
                  <Route path={PAGE_PATHS.notices} element={<NoticesPage />} />
                  <Route path={PAGE_PATHS.notice} element={<NoticePage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </Router>
          </StationSlotsContext>
        </RenderContext>
      </ConfigContext>
    </AppIntl>
  )
}
