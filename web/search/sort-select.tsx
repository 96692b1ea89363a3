import { useSortBy } from 'react-instantsearch'
import { useMessages, usePathInLocale } from '../i18n/intl.tsx'
import { sortIndices } from '../shared/search-hosts.ts'
import { PlainSubmit } from '../ui/plain-submit.tsx'
import { SUBMIT_ON_CHANGE } from '../ui/submit-on-change.ts'
import { useNearMe } from './near-me-state.ts'
import { KeptSearchFields } from './plain-form.tsx'
import { indexToSortParam, SORT_PARAMS, type SortParam, sortParamToIndex } from './routing.ts'

/** Shown, selected, while "In meiner Nähe" sorts by distance; not an index of its own. */
const DISTANCE = 'entfernung'

/**
 * Sorting through the replicas of the index. Built on `useSortBy` with the `ais-SortBy` class names
 * because the stock widget hard-codes an English label. While "In meiner Nähe" is on it says
 * "Entfernung"; choosing any order, "Relevanz" too, ends the distance order.
 */
export function SortSelect({ indexName }: { indexName: string }) {
  const indices = sortIndices(indexName)
  const t = useMessages()
  const inLocale = usePathInLocale()
  const { currentRefinement, options, refine } = useSortBy({
    items: [
      { label: t('sortSelect.relevance'), value: indices.relevance },
      { label: t('sortSelect.nameAsc'), value: indices.nameAsc },
      { label: t('sortSelect.nameDesc'), value: indices.nameDesc },
      { label: t('sortSelect.category'), value: indices.category },
    ],
  })
  const nearMe = useNearMe()
  // The options carry the URL's values ('' for Relevanz), so that the form works without JavaScript.
  const param = (index: string) => indexToSortParam(indexName, index) ?? ''
  const choices = [
    ...options.map((option) => ({ label: option.label, value: param(option.value) })),
    ...(nearMe.position ? [{ label: t('sortSelect.distance'), value: DISTANCE }] : []),
  ]
  return (
    // Without JavaScript "Sortieren" submits it; before the app has taken the page over a choice
    // submits it at once; with the app a choice applies in place.
    <form className="ais-SortBy sort-select" action={inLocale('/suche')} method="get" {...SUBMIT_ON_CHANGE}>
      <KeptSearchFields without="sortierung" />
      <label htmlFor="sortierung">{t('sortSelect.label')}</label>
      <select
        id="sortierung"
        name="sortierung"
        className="ais-SortBy-select"
        value={nearMe.position ? DISTANCE : param(currentRefinement)}
        onChange={(event) => {
          const value = event.currentTarget.value
          if (value === DISTANCE) return
          nearMe.stop?.()
          refine(
            (SORT_PARAMS as readonly string[]).includes(value)
              ? sortParamToIndex(indexName, value as SortParam)
              : indices.relevance,
          )
        }}
      >
        {choices.map((option) => (
          <option key={option.value} className="ais-SortBy-option" value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <PlainSubmit>{t('sortSelect.submit')}</PlainSubmit>
    </form>
  )
}
