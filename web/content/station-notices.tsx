import { Link } from 'react-router'
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
  if (state.status === 'loading') return null
  return (
    <section className="station-notices" aria-labelledby="meldungen">
      <h2 id="meldungen">Meldungen</h2>
      {state.status === 'ready' && state.keptFrom && <KeptAnswerNote receivedAt={state.keptFrom} />}
      {state.status === 'error' && (
        <ContentError title="Die Meldungen konnten nicht geladen werden" onRetry={retry} />
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <p>
          Zurzeit keine Meldungen zu diesem Bahnhof. <Link to="/meldungen">Alle Meldungen</Link>
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
