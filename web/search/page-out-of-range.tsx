import { useInstantSearch } from 'react-instantsearch'
import { formatNumber } from '../stations/facet-labels.ts'

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
      <h3>Diese Seite gibt es nicht</h3>
      <p>
        Die Ergebnisliste hat {formatNumber(nbPages)} {nbPages === 1 ? 'Seite' : 'Seiten'}, Seite{' '}
        {formatNumber(page)} gibt es darin nicht.
      </p>
      <p className="empty-state-actions">
        <button type="button" className="button-primary" onClick={() => goTo(1)}>
          Zur ersten Seite
        </button>
        {nbPages > 1 && (
          <button type="button" className="button-secondary" onClick={() => goTo(nbPages)}>
            Zur letzten Seite ({formatNumber(nbPages)})
          </button>
        )}
      </p>
    </div>
  )
}
