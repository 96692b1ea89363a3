import { lazy, Suspense } from 'react'

const SearchMap = lazy(() => import('./search-map.tsx').then((module) => ({ default: module.SearchMap })))

export function MapSlot() {
  return (
    <div className="search-map-slot">
      <Suspense fallback={null}>
        <SearchMap />
      </Suspense>
    </div>
  )
}
