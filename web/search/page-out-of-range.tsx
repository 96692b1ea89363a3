import { useInstantSearch } from 'react-instantsearch'
import { Message } from '../i18n/intl.tsx'

interface PageOutOfRangeProps {
  /** The page asked for, counted from 1. */
  page: number
  nbPages: number
  /** Called after the page changed, so that the focus can follow to the results. */
  onPageChange: () => void
}

/** A page beyond the last one (an old or edited link, e.g. `?seite=999`): says so, and leads back. */
export function PageOutOfRange({ page, nbPages, onPageChange }: PageOutOfRangeProps) {
  const { setIndexUiState } = useInstantSearch()

  function goTo(target: number) {
    setIndexUiState((state) => ({ ...state, page: target }))
    onPageChange()
  }

  return (
    <div className="empty-state">
      <h3>
        <Message id="outOfRange.heading" />
      </h3>
      <p>
        <Message id="outOfRange.text" values={{ pages: nbPages, page }} />
      </p>
      <p className="empty-state-actions">
        <button type="button" className="button-primary" onClick={() => goTo(1)}>
          <Message id="outOfRange.first" />
        </button>
        {nbPages > 1 && (
          <button type="button" className="button-secondary" onClick={() => goTo(nbPages)}>
            <Message id="outOfRange.last" values={{ pages: nbPages }} />
          </button>
        )}
      </p>
    </div>
  )
}
