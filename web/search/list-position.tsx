import { useEffect, useRef, useState } from 'react'
import { useInstantSearch } from 'react-instantsearch'
import { useLocation, useNavigationType } from 'react-router'
import { withoutLocale } from '../i18n/locale.ts'
import { RETURN_TO_LIST } from '../shared/return-to-list.ts'
import { SEARCH_PATH } from '../shared/search-path.ts'
import { queryStringToRoute, searchUrlPath } from './routing.ts'

// Where the traveller was in the list of a search, so that coming back to it (the browser's back
// button, "Zurück zur Suche") lands there again. The browser's own scroll restoration cannot do it:
// it runs at the popstate, before the search has answered and the list has its height.

const STORAGE_KEY = 'bahnhofsfinder:listenpositionen'
/** Positions kept per tab; the oldest goes first. */
const MAX_POSITIONS = 20
/** How long a restored position is held against what moves it while the page settles. */
const RESTORE_HOLD_MS = 1000
/** A traveller's own scrolling, which a held position must never fight. */
const INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** One search, one position: the address's search state in its fixed form, without the view. */
function positionKey(search: string): string {
  return searchUrlPath(queryStringToRoute(search))
}

function readPositions(): Array<[string, number]> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (entry): entry is [string, number] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
    )
  } catch {
    return []
  }
}

function savePosition(key: string, y: number): void {
  const positions = readPositions().filter(([other]) => other !== key)
  positions.push([key, Math.round(y)])
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.slice(-MAX_POSITIONS)))
  } catch {
    // Storage can be disabled; coming back then starts at the top.
  }
}

function savedPosition(key: string): number | undefined {
  return readPositions().find(([other]) => other === key)?.[1]
}

/** Remembers the list's scroll position and restores it on the way back, once the hits are there. */
export function ListPosition() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const { results, status } = useInstantSearch()
  // Read on arrival, before anything scrolls (the layout starts each new page at the top).
  const [target] = useState(() => {
    const returning =
      navigationType === 'POP' ||
      (typeof location.state === 'object' && location.state !== null && RETURN_TO_LIST in location.state)
    return returning && typeof window !== 'undefined'
      ? savedPosition(positionKey(location.search))
      : undefined
  })
  const restored = useRef(target === undefined)

  useEffect(() => {
    let frame = 0
    const remember = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        // A scroll after leaving (the shorter next page, its start at the top) is not the list's.
        if (withoutLocale(window.location.pathname) !== SEARCH_PATH || !restored.current) return
        savePosition(positionKey(window.location.search), window.scrollY)
      })
    }
    window.addEventListener('scroll', remember, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', remember)
    }
  }, [])

  // Once the search has answered and the hits are rendered (this runs after their commit). The
  // position is held for a moment rather than set once: the layout's start at the top, a list still
  // growing or a map taking its height can move it in the frames after. Any input of the
  // traveller's ends the hold at once.
  const answered = !results.__isArtificial && status !== 'loading' && status !== 'stalled'
  useEffect(() => {
    if (restored.current || !answered || target === undefined) return
    restored.current = true
    const until = performance.now() + RESTORE_HOLD_MS
    let frame = 0
    const stop = () => {
      cancelAnimationFrame(frame)
      for (const type of INPUTS) window.removeEventListener(type, stop)
    }
    const hold = () => {
      if (withoutLocale(window.location.pathname) !== SEARCH_PATH) return stop()
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target)
      if (performance.now() < until) frame = requestAnimationFrame(hold)
      else stop()
    }
    for (const type of INPUTS) window.addEventListener(type, stop, { passive: true })
    frame = requestAnimationFrame(hold)
    return stop
  }, [answered, target])

  return null
}
