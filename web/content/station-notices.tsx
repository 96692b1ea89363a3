import { Link } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { useRenderTime } from '../shared/render-context.tsx'
import { ContentError } from './content-error.tsx'
import { KeptAnswerNote } from './kept-answer-note.tsx'
import { NoticeCard } from './notice-card.tsx'
import { useStationNotices } from './station-notices-query.ts'
import { withContent } from './with-content.tsx'

/** A station page's notices (all kinds); without the content service the rest of the page stands. */
function StationNoticesView({ stationId }: { stationId: string }) {
  const [state, retry] = useStationNotices(stationId)
  const now = useRenderTime()
  const t = useMessages()
  if (state.status === 'loading') return null
  return (
    <section className="station-notices" aria-labelledby="meldungen">
      <h2 id="meldungen">
        <Message id="notices.heading" />
      </h2>
      {state.status === 'ready' && state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      {state.status === 'error' && <ContentError title={t('notices.failed')} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && (
        <p>
          <Message
            id="stationNotices.none"
            values={{ all: (chunks) => <Link to="/meldungen">{chunks}</Link> }}
          />
        </p>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className="notice-items">
          {state.data.map((notice) => (
            <li key={notice.sys.id}>
              <NoticeCard notice={notice} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export const StationNotices = withContent(StationNoticesView)
