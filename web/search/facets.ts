// The refinement lists of /suche, in display order.

import type { UseRefinementListProps } from 'react-instantsearch'
import { facilityLabel, federalStateLabel, segmentLabel, trainLabel } from '../i18n/data-labels.ts'
import type { MessageId, Translate } from '../i18n/intl.tsx'
import {
  categoryExplanation,
  categoryLabel,
  operatorName,
  STEP_FREE_ORDER,
  stepFreeLabel,
} from '../stations/facet-labels.ts'
import { byPlatformHeight, platformHeightLabel, platformHeightMeaning } from '../stations/platform-heights.ts'
import type { StepFreeAccess } from '../stations/station.ts'
import { byTrainOrder, trainDescription } from '../stations/train-types.ts'
import type { FacetAttribute } from './routing.ts'

type FacetSort = NonNullable<UseRefinementListProps['sortBy']>

export interface FacetDefinition {
  attribute: FacetAttribute
  /** The list's heading, a message. */
  title: MessageId
  /** `and` where a station must have every chosen value (facilities), `or` otherwise. */
  operator: 'and' | 'or'
  /** The long lists get a facet-value search field. */
  searchable: boolean
  sortBy: FacetSort
  valueLabel: (value: string, t: Translate) => string
  valueDescription?: (value: string, t: Translate) => string | undefined
  /**
   * The list's search matches what the list shows (label and description), not only the stored
   * value: the service lists every value with its count (at most MAX_FACET_HITS; there are 29
   * Aufgabenträger) and the browser picks the matching ones. On a page in another language than
   * German every list's search does, as its labels are not the values the service knows.
   */
  searchShownText?: true
}

const identity = (value: string) => value
const BY_COUNT: FacetSort = ['isRefined', 'count:desc', 'name:asc']

export const FACETS: readonly FacetDefinition[] = [
  {
    attribute: 'federalState',
    title: 'facets.federalState',
    operator: 'or',
    searchable: true,
    sortBy: BY_COUNT,
    valueLabel: federalStateLabel,
  },
  {
    attribute: 'trains',
    title: 'facets.trains',
    operator: 'or',
    searchable: false,
    sortBy: (a, b) => byTrainOrder(a.name, b.name),
    valueLabel: trainLabel,
    valueDescription: trainDescription,
  },
  {
    attribute: 'category',
    title: 'facets.category',
    operator: 'or',
    searchable: false,
    sortBy: ['name:asc'],
    valueLabel: categoryLabel,
    valueDescription: categoryExplanation,
  },
  {
    attribute: 'facilities',
    title: 'facets.facilities',
    operator: 'and',
    searchable: true,
    sortBy: BY_COUNT,
    valueLabel: facilityLabel,
  },
  {
    attribute: 'steplessAccess',
    title: 'facets.steplessAccess',
    operator: 'or',
    searchable: false,
    sortBy: (a, b) =>
      STEP_FREE_ORDER.indexOf(a.name as StepFreeAccess) - STEP_FREE_ORDER.indexOf(b.name as StepFreeAccess),
    valueLabel: stepFreeLabel,
  },
  {
    // A station is listed under each height one of its platforms has (the page lists them all).
    attribute: 'platformHeights',
    title: 'facets.platformHeights',
    operator: 'or',
    searchable: false,
    sortBy: (a, b) => byPlatformHeight(a.name, b.name),
    valueLabel: platformHeightLabel,
    valueDescription: platformHeightMeaning,
  },
  {
    // One value: the stations DB's lift data lists a lift at (the page says where each goes).
    attribute: 'lift',
    title: 'facets.lift',
    operator: 'or',
    searchable: false,
    sortBy: BY_COUNT,
    valueLabel: (value, t) => (value === 'ja' ? t('facets.liftYes') : value),
    valueDescription: (_value, t) => t('facets.liftSource'),
  },
  {
    attribute: 'operator',
    title: 'facets.operator',
    operator: 'or',
    searchable: true,
    sortBy: BY_COUNT,
    valueLabel: identity,
    valueDescription: operatorName,
    searchShownText: true,
  },
  {
    attribute: 'segment',
    title: 'facets.segment',
    operator: 'or',
    searchable: false,
    sortBy: BY_COUNT,
    valueLabel: segmentLabel,
  },
]

export function facetByAttribute(attribute: string): FacetDefinition | undefined {
  return FACETS.find((facet) => facet.attribute === attribute)
}
