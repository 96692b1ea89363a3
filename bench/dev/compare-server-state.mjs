// Compares the server's render of results pages with the render by InstantSearch's two passes
// (getServerState: one pass to collect the widgets, the search, a second pass with its results),
// which the server used before it rendered a results page once (web/search/server-search.tsx). For
// each address: the searches the render sends (each request's body), the InstantSearch state the
// browser hydrates with, and the HTML. Identical, but for each search's queryID (random per search).
//
// Needs a two-pass renderer, built from a commit before the one-pass render, e.g.:
//   git worktree add --detach /tmp/twopass-src <commit> && ln -s "$PWD/node_modules" /tmp/twopass-src/
//   (cd /tmp/twopass-src && npx vite build --ssr entry-server.tsx --outDir /tmp/ssr-twopass)
// the one-pass renderer (`npm run build`: dist-ssr/), and a server answering the searches:
//   PORT=3458 DATA_DIR=/tmp/compare-data node --import ./server/compile-cache.js scripts/start.ts
// Then: node bench/dev/compare-server-state.mjs [address …]
// Environment: TWO_PASS and ONE_PASS (the renderers' entry-server.js), ORIGIN (the server).
import { resolve } from 'node:path'

const origin = process.env.ORIGIN ?? 'http://localhost:3458'
const two = await import(resolve(process.env.TWO_PASS ?? '/tmp/ssr-twopass/entry-server.js'))
const one = await import(resolve(process.env.ONE_PASS ?? 'dist-ssr/entry-server.js'))
await two.prepareRender()
await one.prepareRender()
const config = await (await fetch(`${origin}/config.json`)).json()

const ADDRESSES = [
  '/suche',
  '/suche?q=k%C3%B6ln',
  '/suche?q=berlin&bundesland=Berlin&zuege=S-Bahn&ausstattung=WLAN',
  '/suche?zuege=ICE&kategorie=1&kategorie=2&zugang=ja&sortierung=name-az',
  '/suche?q=berlin&seite=2',
  '/suche?q=bahnhof&seite=3&sortierung=kategorie',
  '/suche?karte=52.4,13.2,52.6,13.6',
  '/suche?q=m%C3%BCnchen&ansicht=karte',
  '/suche?q=xyzxyz',
  '/suche?q=berlin&seite=99',
  '/suche?q=Hamburg%20Hbf',
  '/suche?q=bayern',
]
const addresses = process.argv.length > 2 ? process.argv.slice(2) : ADDRESSES

// What differs by design: each answer's queryID (random) and its timings; React's useId values
// (derived from the shape of the component tree, which the one-pass render changed: each is
// replaced by its order of appearance); the user agent getServerState adds to the searches.
const TWO_PASS_AGENT = /%3B%20react-instantsearch-server%20\([\d.]+\)/
const normalize = (text) => {
  const ids = new Map()
  return text
    .replace(/("queryID":"|queryID=)\w+/g, '$1…')
    .replace(/"(processingTimeMS|serverTimeMS)":\d+/g, '"$1":…')
    .replace(/_R_[0-9a-zA-Z]+_/g, (id) => {
      if (!ids.has(id)) ids.set(id, `_id${ids.size}_`)
      return ids.get(id)
    })
}

/** Renders with a fetch that notes each search's body. */
async function render(renderer, url) {
  const searches = []
  const fetchInProcess = (input, init) => {
    const target = typeof input === 'string' ? new URL(input, origin) : input
    if (String(target).includes('/queries') || String(target).includes('/query'))
      searches.push(`${String(target).replace(origin, '').replace(TWO_PASS_AGENT, '')} ${init?.body ?? ''}`)
    return fetch(target, init)
  }
  const page = await renderer.renderPage({ url, origin, config, fetch: fetchInProcess })
  const search = JSON.parse(page.data).search
  return {
    searches: searches.sort(),
    state: normalize(JSON.stringify(search)),
    html: normalize(page.html),
    errors: page.errors.map(String),
  }
}

function firstDifference(a, b) {
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return `at ${i}\n    two: ${a.slice(i - 100, i + 200)}\n    one: ${b.slice(i - 100, i + 200)}`
}

let same = 0
for (const url of addresses) {
  const a = await render(two, url)
  const b = await render(one, url)
  const differs = []
  if (JSON.stringify(a.searches) !== JSON.stringify(b.searches))
    differs.push(
      `searches\n    two: ${a.searches.join('\n         ')}\n    one: ${b.searches.join('\n         ')}`,
    )
  if (a.state !== b.state) differs.push(`state ${firstDifference(a.state, b.state)}`)
  if (a.html !== b.html) differs.push(`html ${firstDifference(a.html, b.html)}`)
  if (a.errors.join() !== b.errors.join()) differs.push(`errors two: ${a.errors} one: ${b.errors}`)
  if (differs.length === 0) same++
  console.log(
    differs.length === 0 ? 'same' : 'DIFF',
    url,
    `(${a.searches.length} searches, ${a.html.length} chars)`,
  )
  for (const difference of differs) console.log(`  ${difference}`)
}
console.log(`${same}/${addresses.length} identical`)
process.exit(same === addresses.length ? 0 : 1)
