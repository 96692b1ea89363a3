import type { MouseEvent } from 'react'
import { Pagination, usePagination } from 'react-instantsearch'
import { useMessages } from '../i18n/intl.tsx'
import { PAGINATION_PADDING } from './constants.ts'
import { useSearchAnswer, WidgetsBeforeServerSearch } from './server-search.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

interface ResultsPaginationProps {
  /** Receives focus after a page change, so keyboard users continue at the first hit. */
  onPageChange: () => void
}

/** The pagination widget's parameters: the page asked for is part of the search. */
const PAGINATION = { padding: PAGINATION_PADDING }

function PaginationWidget() {
  usePagination(PAGINATION, { skipSuspense: true })
  return null
}

/**
 * First, previous, 3 pages each side of the current one, next, last. Hidden (not unmounted: that
 * would reset the page and search again) when there is at most one page, no answer, or the page
 * asked for lies beyond the last one.
 */
export function ResultsPagination({ onPageChange }: ResultsPaginationProps) {
  return (
    <>
      {/* Whether to hide it waits for the answer; the server's search needs its widget first. */}
      <WidgetsBeforeServerSearch>
        <PaginationWidget />
      </WidgetsBeforeServerSearch>
      <PaginationNav onPageChange={onPageChange} />
    </>
  )
}

function PaginationNav({ onPageChange }: ResultsPaginationProps) {
  const outcome = useSearchOutcome()
  const { results } = useSearchAnswer()
  const answered = outcome === 'current' || outcome === 'outdated'
  const useful = answered && results.nbPages > 1 && results.page < results.nbPages

  const t = useMessages()

  function click(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a.ais-Pagination-link')
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return
    onPageChange()
  }

  return (
    <nav className="results-pagination" aria-label={t('pagination.label')} hidden={!useful}>
      <Pagination
        {...PAGINATION}
        showFirst
        showPrevious
        showNext
        showLast
        onClick={click}
        translations={{
          firstPageItemText: '«',
          previousPageItemText: '‹',
          nextPageItemText: '›',
          lastPageItemText: '»',
          pageItemText: ({ currentPage }) => String(currentPage),
          firstPageItemAriaLabel: t('pagination.first'),
          previousPageItemAriaLabel: t('pagination.previous'),
          nextPageItemAriaLabel: t('pagination.next'),
          lastPageItemAriaLabel: t('pagination.last'),
          pageItemAriaLabel: ({ currentPage }) => t('pagination.page', { page: currentPage }),
        }}
      />
    </nav>
  )
}
