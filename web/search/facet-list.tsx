import { type ClipboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useRefinementList } from 'react-instantsearch'
import { Message, useMessages } from '../i18n/intl.tsx'
import { SOFT_HYPHEN, withoutSoftHyphens } from '../stations/hyphenation.ts'
import { REFINEMENT_LIMIT, REFINEMENT_SHOW_MORE_LIMIT } from './constants.ts'
import { FacetSearchResults } from './facet-search-results.tsx'
import { FacetValue } from './facet-value.tsx'
import type { FacetDefinition } from './facets.ts'

/** A label copied from the list reads as shown: without the soft hyphens that break its long words. */
function copyWithoutSoftHyphens(event: ClipboardEvent<HTMLElement>) {
  const text = window.getSelection()?.toString() ?? ''
  if (!text.includes(SOFT_HYPHEN)) return
  event.preventDefault()
  event.clipboardData.setData('text/plain', withoutSoftHyphens(text))
}

function refinementListParameters(facet: FacetDefinition) {
  return {
    attribute: facet.attribute,
    operator: facet.operator,
    limit: REFINEMENT_SHOW_MORE_LIMIT,
    sortBy: facet.sortBy,
  }
}

/** The widget of a FacetList, alone (server-search.tsx: WidgetsBeforeServerSearch). */
export function FacetWidget({ facet }: { facet: FacetDefinition }) {
  useRefinementList(refinementListParameters(facet), { skipSuspense: true })
  return null
}

/**
 * One refinement list, with InstantSearch's class names, German counts and facet-value search.
 * "Mehr anzeigen" shows values held back, not fetched: the list always gets its 20 values (the
 * search asks for 20 either way, as InstantSearch's own show-more does) and renders them all, the
 * 11th on hidden, so that a page without JavaScript shows all 20 (no-script.css) instead of a
 * button that cannot work.
 */
export function FacetList({ facet }: { facet: FacetDefinition }) {
  const { items, refine, canRefine } = useRefinementList(refinementListParameters(facet))
  const [isShowingMore, setShowingMore] = useState(false)
  const canToggleShowMore = items.length > REFINEMENT_LIMIT
  const [query, setQuery] = useState('')
  const listId = useId()
  const t = useMessages()
  const title = t(facet.title)
  const searchQuery = facet.searchable ? query.trim() : ''

  const root = useRef<HTMLDivElement>(null)
  const focusAfterChoice = useRef<string | null>(null)

  function toggleFromSearch(value: string) {
    refine(value)
    setQuery('')
    focusAfterChoice.current = value
  }

  // A value chosen from the list's search unmounts with the search results. Keep the focus in the
  // list (not on <body>, where Escape no longer reaches the filter dialog), and put it on the
  // chosen value as soon as the list shows it (at once, or with the next answer).
  useEffect(() => {
    const value = focusAfterChoice.current
    const list = root.current
    if (value === null || !list) return
    const active = document.activeElement
    if (active !== list && active !== document.body && active !== null) {
      focusAfterChoice.current = null // the user has moved on
      return
    }
    // A value held back behind "Mehr anzeigen" cannot take the focus until it is shown.
    const checkbox = [...list.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
      (input) => input.value === value && !input.closest('[hidden]'),
    )
    if (checkbox) {
      focusAfterChoice.current = null
      checkbox.focus()
    } else {
      list.focus()
    }
  })

  const rootClass = canRefine ? 'ais-RefinementList' : 'ais-RefinementList ais-RefinementList--noRefinement'
  // A filter with nothing to choose for this search (an empty result) is left out, not shown
  // empty: five boxes saying "no values" read as an unfinished page. While its own search runs,
  // it stays, so that the search field does not vanish under the typing.
  if (!canRefine && items.length === 0 && query === '') return null
  return (
    <fieldset className="facet ais-Panel" onCopy={copyWithoutSoftHyphens}>
      <legend className="facet-title ais-Panel-header">{title}</legend>
      <div className={rootClass} ref={root} tabIndex={-1}>
        {/* Searching a list needs the script (no-script.css hides it): without one, Enter would
            only submit the filters again. */}
        {facet.searchable && (
          <div className="ais-RefinementList-searchBox script-only">
            <div className="ais-SearchBox">
              <input
                className="ais-SearchBox-input"
                type="search"
                value={query}
                onChange={(event) => setQuery(withoutSoftHyphens(event.target.value))}
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && query) {
                    event.stopPropagation()
                    setQuery('')
                  }
                }}
                aria-label={t('facets.search', { facet: title })}
                placeholder={t('facets.searchPlaceholder', { facet: title })}
                autoComplete="off"
                maxLength={100}
                aria-controls={listId}
              />
            </div>
          </div>
        )}
        {searchQuery ? (
          <FacetSearchResults facet={facet} query={searchQuery} listId={listId} onToggle={toggleFromSearch} />
        ) : (
          <>
            <ul className="ais-RefinementList-list" id={listId}>
              {items.map((item, index) => (
                <FacetValue
                  key={item.value}
                  facet={facet}
                  value={item.value}
                  count={item.count}
                  isRefined={item.isRefined}
                  heldBack={!isShowingMore && index >= REFINEMENT_LIMIT}
                  onToggle={refine}
                />
              ))}
            </ul>
            {!canRefine && (
              <p className="ais-RefinementList-noResults">
                <Message id="facets.noValues" />
              </p>
            )}
            {canToggleShowMore && (
              <button
                type="button"
                className="ais-RefinementList-showMore script-only"
                onClick={() => setShowingMore(!isShowingMore)}
                aria-expanded={isShowingMore}
                aria-controls={listId}
              >
                <Message id={isShowingMore ? 'facets.showLess' : 'facets.showMore'} />
              </button>
            )}
          </>
        )}
      </div>
    </fieldset>
  )
}
