import { Fragment, useEffect, useRef } from 'react'
import { useStats } from 'react-instantsearch'
import { Message, useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { PlainSubmit } from '../ui/plain-submit.tsx'
import { SkipLink } from '../ui/skip-link.tsx'
import { SUBMIT_ON_CHANGE } from '../ui/submit-on-change.ts'
import { FacetList, FacetWidget } from './facet-list.tsx'
import { FACETS } from './facets.ts'
import { KeptSearchFields } from './plain-form.tsx'
import { RESULTS_HEADING_ID } from './results-heading.tsx'
import { WidgetsBeforeServerSearch } from './server-search.tsx'
import { useSearchOutcome } from './use-search-outcome.ts'

export const FILTER_PANEL_ID = 'filter'

interface FilterPanelProps {
  /** Narrow screens: the panel is a modal dialog, opened by the "Filter (n)" button. */
  modal: boolean
  open: boolean
  onClose: () => void
}

/** Selectors of everything outside the dialog that must not take focus while it is open. */
const OUTSIDE_DIALOG = '.skip-link, .site-header, .site-footer, [data-outside-filter]'

/**
 * The refinement lists. One element in every layout, so that the widgets never unmount (an unmounted
 * refinement list drops its refinements); on narrow screens it turns into a modal dialog.
 */
export function FilterPanel(props: FilterPanelProps) {
  return (
    <>
      <Panel {...props} />
      {/* The panel waits for the answer (its counts, whether to hide the lists); the server's
          search needs the lists' widgets first. */}
      <WidgetsBeforeServerSearch>
        {FACETS.map((facet) => (
          <FacetWidget key={facet.attribute} facet={facet} />
        ))}
      </WidgetsBeforeServerSearch>
    </>
  )
}

function Panel({ modal, open, onClose }: FilterPanelProps) {
  const { nbHits } = useStats()
  const outcome = useSearchOutcome()
  // Without an answer the lists have no values; they stay mounted (hidden) to keep the refinements.
  const answered = outcome === 'current' || outcome === 'outdated'
  const closeButton = useRef<HTMLButtonElement>(null)
  const t = useMessages()
  const inLocale = usePathInLocale()
  const isDialog = modal && open

  useEffect(() => {
    if (!isDialog) return undefined
    const outside = [...document.querySelectorAll<HTMLElement>(OUTSIDE_DIALOG)]
    for (const element of outside) element.inert = true
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    closeButton.current?.focus()
    return () => {
      for (const element of outside) element.inert = false
      document.body.style.overflow = overflow
    }
  }, [isDialog])

  // A dialog only while open on narrow screens; a complementary landmark beside the results otherwise.
  const roleProps = {
    role: isDialog ? 'dialog' : 'complementary',
    'aria-modal': isDialog || undefined,
    'aria-labelledby': 'filter-title',
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the dialog; the keys reach it from its controls
    <div
      id={FILTER_PANEL_ID}
      className="filter-panel"
      data-modal={modal}
      hidden={modal && !open}
      {...roleProps}
      onKeyDown={(event) => {
        if (isDialog && event.key === 'Escape') onClose()
      }}
    >
      <div className="filter-panel-header">
        <h2 id="filter-title">
          <Message id="filterPanel.heading" />
        </h2>
        {isDialog && (
          <button type="button" className="filter-close" ref={closeButton} onClick={onClose}>
            <Message id="filterPanel.close" />
          </button>
        )}
      </div>
      {outcome === 'failed' && (
        <p className="filter-panel-note">
          <Message id="filterPanel.waiting" />
        </p>
      )}
      {answered && nbHits === 0 && (
        // Said once, instead of every filter box saying it has no values (they are left out).
        <p className="filter-panel-note">
          <Message id="filterPanel.nothingToFilter" />
        </p>
      )}
      {/* A form for readers without JavaScript: the boxes are named like the URL's parameters.
          Before the app has taken the page over, a ticked box submits it at once (the server
          renders the page for it); with the app a box applies in place. */}
      <form
        className="filter-panel-body"
        hidden={!answered}
        action={inLocale('/suche')}
        method="get"
        {...SUBMIT_ON_CHANGE}
      >
        <KeptSearchFields without="filters" />
        {FACETS.map((facet) => (
          <Fragment key={facet.attribute}>
            <FacetList facet={facet} />
            {/* After each filter, where a keyboard user who just ticked a value is: straight on to
                the hits instead of through every other filter (in the dialog, its footer does it). */}
            {!isDialog && (
              <SkipLink className="results-skip-link facet-skip-link" targetId={RESULTS_HEADING_ID}>
                <Message id="filterPanel.skipToResults" />
              </SkipLink>
            )}
          </Fragment>
        ))}
        <PlainSubmit>{t('filterPanel.apply')}</PlainSubmit>
      </form>
      {isDialog && (
        <div className="filter-panel-footer">
          <button type="button" className="button-primary" onClick={onClose}>
            {answered ? (
              <Message id="filterPanel.showResults" values={{ count: nbHits }} />
            ) : (
              <Message id="filterPanel.backToSearch" />
            )}
          </button>
        </div>
      )}
    </div>
  )
}
