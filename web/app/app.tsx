import { BrowserRouter, Route, Routes } from 'react-router'
import { SearchRoute } from '../search/search-route.tsx'
import type { AppConfig } from '../shared/config.ts'
import { ConfigContext } from '../shared/config-context.tsx'
import { HomePage } from './home-page.tsx'
import { Layout } from './layout.tsx'
import { StationPage } from './lazy-pages.ts'
import { NotFoundPage } from './not-found-page.tsx'

export function App({ config }: { config: AppConfig }) {
  return (
    <ConfigContext value={config}>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<HomePage />} />
            <Route path="suche" element={<SearchRoute />} />
            <Route path="bahnhof/:id" element={<StationPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ConfigContext>
  )
}
