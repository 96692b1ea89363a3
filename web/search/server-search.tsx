// The results page in one render pass on the server. InstantSearch's widgets add themselves as they
// render and then wait (React suspends them) for the page's search, which starts once every widget
// has rendered; React renders them again once the answer is in, and the components that show the
// answer (useSearchAnswer) wait with them. This is the way react-instantsearch-nextjs renders
// (InstantSearchRSCContext), without Next.js: getServerState rendered the whole page twice, the
// first time only to learn which searches the page makes.
//
// The search starts without the widgets of a part that waits for the answer before it renders them
// (a component that calls useSearchAnswer, useSearchOutcome or a widget's hook suspends there): such
// a part adds its widgets ahead with WidgetsBeforeServerSearch, with the same parameters, or the
// server searches without them (bench/dev/compare-server-state.mjs shows it).
import { getInitialResults } from 'instantsearch.js/es/lib/server.js'
import { type ReactNode, use, useState } from 'react'
import {
  InstantSearchRSCContext,
  type InstantSearchServerState,
  useInstantSearch,
  useInstantSearchContext,
  useRSCContext,
  wrapPromiseWithState,
} from 'react-instantsearch'

type InitialResults = InstantSearchServerState['initialResults']
type SearchRequests = Parameters<typeof getInitialResults>[1]

/** Around <InstantSearch> on the server: its widgets wait for the page's search. */
export function ServerSearch({ children }: { children: ReactNode }) {
  const [context] = useState(() => ({
    waitForResultsRef: { current: null },
    countRef: { current: 0 },
    resolveWaitForResultsRef: { current: null },
    ignoreMultipleHooksWarning: true,
  }))
  return <InstantSearchRSCContext value={context}>{children}</InstantSearchRSCContext>
}

/**
 * The first child of <InstantSearch> on the server: sets up the wait for the page's search and,
 * once its answer is in, hands `onResults` what the browser hydrates with (InstantSearch's server
 * state: each index's parameters and answers, as getServerState gave them).
 */
export function AwaitServerSearch({ onResults }: { onResults: (state: InstantSearchServerState) => void }) {
  const search = useInstantSearchContext()
  const { waitForResultsRef } = useRSCContext()
  if (waitForResultsRef === null || waitForResultsRef.current !== null) return null
  const helper = search.mainHelper
  if (!helper) return null
  // The parameters of the searches sent, which the browser's client needs to recognize them.
  let requests: SearchRequests = []
  const client = helper.getClient() as { search: (queries: { params: unknown }[]) => Promise<unknown> }
  helper.setClient({
    ...client,
    search(queries: { params: unknown }[]) {
      requests = queries.map(({ params }) => params) as SearchRequests
      return client.search(queries)
    },
  } as unknown as Parameters<typeof helper.setClient>[0])
  const answered = new Promise<void>((resolve, reject) => {
    const derived = helper.derivedHelpers[0]
    if (!derived) return resolve()
    derived.once('result', () => resolve())
    // InstantSearch throws an error it has no listener for: from the search's promise, where nothing
    // would catch it. The widgets throw it instead, and React leaves the search to the browser.
    search.on('error', reject)
  }).then(() => {
    const initialResults: InitialResults = getInitialResults(search.mainIndex, requests)
    onResults({ initialResults })
    keepUiState(search)
  })
  waitForResultsRef.current = wrapPromiseWithState(answered)
  // Widgets add themselves one by one as they render, and InstantSearch works out the search's
  // parameters from all of them again at each: held until the search starts, they are added at once.
  const index = search.mainIndex
  const addWidgets = index.addWidgets
  const held: Parameters<typeof addWidgets>[0] = []
  index.addWidgets = (widgets) => {
    held.push(...widgets)
    return index
  }
  let started = false
  const start = () => {
    if (started) return
    started = true
    index.addWidgets = addWidgets
    if (held.length > 0) index.addWidgets(held)
    helper.searchOnlyWithDerivedHelpers()
  }
  searchStarts.set(search, start)
  // InstantSearch renders every widget once the answer is in (their render state, twice over), for
  // subscribers to set their state: on the server there are none, each widget works its state out
  // as React renders it (useConnector), and the page's parts read the answer themselves.
  search.mainIndex.render = () => undefined
  // Should a part of the page fail before StartServerSearch has rendered, React leaves it out and
  // nothing would start the search the widgets wait for: the render would never end. React renders
  // all it can at once (it does not yield), so this starts the search only after that.
  setTimeout(start, 0)
  return null
}

/**
 * Once the page's search is answered, nothing on the server changes what it searches for: its UI
 * state (which every useInstantSearch and widget works out anew from every widget) is worked out
 * once, and again only if a widget is added after.
 */
function keepUiState(search: ReturnType<typeof useInstantSearchContext>): void {
  const workOut = search.getUiState.bind(search)
  let kept: { widgets: number; uiState: ReturnType<typeof workOut> } | undefined
  search.getUiState = () => {
    const widgets = search.mainIndex.getWidgets().length
    if (kept?.widgets !== widgets) kept = { widgets, uiState: workOut() }
    return kept.uiState
  }
}

/** How to start the search of an InstantSearch on the server, once (AwaitServerSearch). */
const searchStarts = new WeakMap<object, () => void>()

/** The last child of <InstantSearch> on the server: every widget has added itself, the search starts. */
export function StartServerSearch() {
  searchStarts.get(useInstantSearchContext())?.()
  return null
}

/**
 * useInstantSearch for components that show the search's answer: on the server, they wait for it as
 * the widgets do (rendering before it would write the page without its hits and counts).
 */
export function useSearchAnswer(
  ...options: Parameters<typeof useInstantSearch>
): ReturnType<typeof useInstantSearch> {
  const { waitForResultsRef } = useRSCContext()
  const waiting = waitForResultsRef?.current
  if (waiting) use(waiting)
  return useInstantSearch(...options)
}

/**
 * On the server, before the page's search: its children, components that only add the widgets of a
 * part that waits for the answer (e.g. the filter panel's form, hidden until there is one). That
 * part's own widgets render only once the answer is in, too late to add their parameters to the
 * search. Nothing in the browser, where the part's widgets add themselves.
 */
export function WidgetsBeforeServerSearch({ children }: { children: ReactNode }) {
  const { waitForResultsRef } = useRSCContext()
  return waitForResultsRef?.current?.status === 'pending' ? children : null
}
