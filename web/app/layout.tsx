import { Suspense, useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Message } from '../i18n/intl.tsx'
import { useRenderEnvironment } from '../shared/render-context.tsx'
import { PageLoading } from '../ui/page-loading.tsx'
import { SkipLink } from '../ui/skip-link.tsx'
import { ErrorBoundary } from './error-boundary.tsx'
import { OfflineNotice } from './offline-notice.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { UpdateNotice } from './update-notice.tsx'
import './layout.css'

export function Layout() {
  const { pathname } = useLocation()
  const main = useRef<HTMLElement>(null)
  const shownPath = useRef(pathname)
  const environment = useRenderEnvironment()

  // After a client-side page change, start at the top and let screen readers land in the content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    // The path, not a first-render flag: React's StrictMode runs effects twice on mount.
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    window.scrollTo(0, 0)
    main.current?.focus({ preventScroll: true })
    // The server wrote the first page's title, description, canonical URL and JSON-LD into the
    // HTML; they describe that page only. Each page renders its own title from here on.
    for (const element of document.head.querySelectorAll('[data-server-head]')) element.remove()
    // The server's data and render time belonged to that page too.
    environment.leaveFirstPage()
  }, [pathname])

  // The page is the app's from here on (hydrated or rendered): a control used before it was plain
  // HTML. Marked for scripts that need to know, such as the end-to-end tests.
  useEffect(() => {
    document.documentElement.dataset.interactive = ''
  }, [])

  return (
    <div className="site">
      <SkipLink className="skip-link" targetId="inhalt">
        <Message id="site.skipToContent" />
      </SkipLink>
      <SiteHeader />
      <OfflineNotice />
      <main id="inhalt" className="site-main" ref={main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <UpdateNotice />
    </div>
  )
}
