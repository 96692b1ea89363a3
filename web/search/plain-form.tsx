import { useLocation } from 'react-router'
import { usePathInLocale } from '../i18n/intl.tsx'
import {
  type FacetParam,
  keepViewParam,
  queryStringToRoute,
  type RouteState,
  routeToQueryString,
  searchUrlPath,
  VIEW_PARAM,
} from './routing.ts'

/**
 * Forms for a page without JavaScript: the filters and the sort order submit to /suche with the
 * rest of the search kept in hidden fields. With JavaScript a click applies at once and the submit
 * buttons stay hidden.
 */
export function KeptSearchFields({ without }: { without: 'filters' | 'sortierung' }) {
  const { search } = useLocation()
  const route = queryStringToRoute(search)
  if (without === 'filters') {
    for (const param of Object.keys(route) as (keyof typeof route)[]) {
      if (param !== 'q' && param !== 'sortierung' && param !== 'karte') delete route[param as FacetParam]
    }
  } else {
    delete route.sortierung
  }
  // A new filter or order starts at the first page.
  delete route.seite
  const fields = [...new URLSearchParams(routeToQueryString(route))]
  const view = new URLSearchParams(search).get(VIEW_PARAM)
  if (view) fields.push([VIEW_PARAM, view])
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

/**
 * The address of the search as it is now with a change made, for a plain link that does without
 * JavaScript what a button does with it (remove a filter, clear them all); the page starts again
 * at its first page.
 */
export function usePlainSearchAddress(): (change: (route: RouteState) => void) => string {
  const { search } = useLocation()
  const inLocale = usePathInLocale()
  return (change) => {
    const route = queryStringToRoute(search)
    change(route)
    delete route.seite
    return inLocale(keepViewParam(searchUrlPath(route), search))
  }
}
