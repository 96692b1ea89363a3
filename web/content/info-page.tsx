import { useParams } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { useDates } from '../shared/use-dates.ts'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { NotFoundPage } from '../ui/not-found-page.tsx'
import { ContentError } from './content-error.tsx'
import { OnlyInGermanNote, useTextLanguage } from './content-language.tsx'
import { KeptAnswerNote } from './kept-answer-note.tsx'
import { PAGE_QUERY, type PageQueryResult } from './queries.ts'
import { RichText } from './rich-text.tsx'
import { useContent } from './use-content.ts'
import { withContent } from './with-content.tsx'

/** `/info/:slug`: a page from the CMS (Über, Barrierefrei reisen, Hilfe, Impressum, Datenschutz). */
function InfoPageView() {
  const { slug = '' } = useParams()
  const [state, retry] = useContent<PageQueryResult>(PAGE_QUERY, { slug })
  const t = useMessages()
  const { formatLongDate } = useDates()
  const page = state.status === 'ready' ? state.data.pageCollection?.items[0] : undefined
  const lang = useTextLanguage(page ?? {})
  if (state.status === 'loading') {
    return (
      <div className="content-page">
        <ContentSkeleton lines={8} label={t('loading.page')} />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="content-page">
        <ContentError heading title={t('content.pageFailed')} onRetry={retry} />
      </div>
    )
  }
  if (!page) return <NotFoundPage />
  return (
    <article className="content-page" aria-labelledby="seitentitel">
      <title>{t('site.pageTitle', { title: page.title ?? t('content.pageTitleFallback') })}</title>
      <h1 id="seitentitel" lang={lang}>
        {page.title}
      </h1>
      {lang && <OnlyInGermanNote of="page" />}
      {state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      {page.summary && (
        <p className="content-summary" lang={lang}>
          {page.summary}
        </p>
      )}
      {page.body && <RichText field={page.body} lang={lang} />}
      {page.sys.publishedAt && (
        <p className="content-updated">
          <Message id="content.updated" values={{ date: formatLongDate(page.sys.publishedAt) }} />
        </p>
      )}
    </article>
  )
}

export const InfoPage = withContent(InfoPageView)
