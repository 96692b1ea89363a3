import type { ReactNode } from 'react'
import { useMessages } from '../i18n/intl.tsx'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { useTextLanguage } from './content-language.tsx'
import { PAGE_QUERY, type PageQueryResult } from './queries.ts'
import { RichText } from './rich-text.tsx'
import { useContent } from './use-content.ts'
import { withContent } from './with-content.tsx'

interface HomeIntroProps {
  /** The one-sentence summary above the search field, or the longer text below it. */
  part: 'summary' | 'body'
  /** Stands in when the content service does not answer: the search needs no CMS. */
  children?: ReactNode
}

/**
 * The start page's intro, written in the CMS (page `startseite`). Only its summary comes before the
 * search field, so that the field stays in view on a phone; both parts share one request.
 */
function HomeIntroView({ part, children }: HomeIntroProps) {
  const [state] = useContent<PageQueryResult>(PAGE_QUERY, { slug: 'startseite' })
  const t = useMessages()
  const page = state.status === 'ready' ? state.data.pageCollection?.items[0] : null
  // Without an English version the intro shows in German, marked as such but without a note: it
  // introduces a page whose own words are English.
  const lang = useTextLanguage(page ?? {})
  if (state.status === 'loading') {
    return part === 'summary' ? <ContentSkeleton lines={2} label={t('home.introLoading')} /> : null
  }
  if (part === 'summary')
    return page?.summary ? (
      <p className="home-intro" lang={lang}>
        {page.summary}
      </p>
    ) : (
      children
    )
  return page?.body ? (
    <div className="home-intro-body">
      <RichText field={page.body} lang={lang} />
    </div>
  ) : (
    children
  )
}

export const HomeIntro = withContent(HomeIntroView)
