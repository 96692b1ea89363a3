import { BrowserRouter, Route, Routes } from 'react-router'
import { SearchRoute } from '../search/search-route.tsx'
import type { AppConfig } from '../shared/config.ts'
import { ConfigContext } from '../shared/config-context.tsx'
import { StationSlotsContext } from '../stations/station-slots.ts'
import { NotFoundPage } from '../ui/not-found-page.tsx'
import { HomePage } from './home-page.tsx'
import { Layout } from './layout.tsx'
import { InfoPage, NoticePage, NoticesPage, StationPage } from './lazy-pages.ts'
import { STATION_CONTENT_SLOTS } from './station-content-slots.tsx'

export function App({ config }: { config: AppConfig }) {
  return (
    <ConfigContext value={config}>
      <StationSlotsContext value={STATION_CONTENT_SLOTS}>
        <BrowserRouter>
          <Routes>
            <Route element={<Layout />}>
              <Route index element={<HomePage />} />
              <Route path="suche" element={<SearchRoute />} />
              <Route path="bahnhof/:id" element={<StationPage />} />
              <Route path="info/:slug" element={<InfoPage />} />
              <Route path="meldungen" element={<NoticesPage />} />
              <Route path="meldungen/:slug" element={<NoticePage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </BrowserRouter>
      </StationSlotsContext>
    </ConfigContext>
  )
}
