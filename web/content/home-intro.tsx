import type { ReactNode } from 'react'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { PAGE_QUERY, type PageQueryResult } from './queries.ts'
import { RichText } from './rich-text.tsx'
import { useContent } from './use-content.ts'
import { withContent } from './with-content.tsx'

/**
 * The start page's intro, written in the CMS (page `startseite`). Without the content service the
 * built-in text (`children`) stands in: the search below needs no CMS.
 */
function HomeIntroView({ children }: { children: ReactNode }) {
  const [state] = useContent<PageQueryResult>(PAGE_QUERY, { slug: 'startseite' })
  if (state.status === 'loading') return <ContentSkeleton lines={3} label="Einleitung wird geladen …" />
  const page = state.status === 'ready' ? state.data.pageCollection?.items[0] : null
  if (!page?.body) return children
  return (
    <div className="home-intro">
      <RichText field={page.body} />
    </div>
  )
}

export const HomeIntro = withContent(HomeIntroView)
