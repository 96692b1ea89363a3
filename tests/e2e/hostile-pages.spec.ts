// A seeded fuzz run of hostile page requests against the built app: whatever a stranger puts in a
// page's path or query, the server renders an answer without a 5xx, echoes nothing of it unescaped
// into the HTML (no markup, no way out of the JSON data block), and /healthz stays ok throughout.
// PAGE_FUZZ_SEED replays a run (printed when one fails); PAGE_FUZZ_RUNS sets the count.
import { get as httpGet } from 'node:http'
import * as fc from 'fast-check'
import { serverUrl } from './base-url.ts'
import { expect, test } from './fixtures.ts'

const RUNS = Number(process.env.PAGE_FUZZ_RUNS ?? 300)
const SEED =
  process.env.PAGE_FUZZ_SEED === undefined ? Date.now() % 2_147_483_647 : Number(process.env.PAGE_FUZZ_SEED)

/** Markup that must never come back as markup: each carries a marker the check looks for. */
const INJECTIONS = [
  '<script>fuzzMarker()</script>',
  '</script><img src=x onerror=fuzzMarker()>',
  '"><svg onload=fuzzMarker()>',
  "'><iframe srcdoc=fuzzMarker>",
  '<!--fuzzMarker-->',
  '</SCRIPT><b>fuzzMarker</b>',
]

const texts = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom('köln', '', ' ', '*', '%', '%00', '\u202Eabc', '🚆', '__proto__', 'a'.repeat(2000)),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -5, max: 100_000 }).map(String),
)

const params = fc.dictionary(
  fc.oneof(
    {
      arbitrary: fc.constantFrom('q', 'seite', 'sortierung', 'karte', 'ansicht', 'bundesland', 'kategorie'),
      weight: 6,
    },
    {
      arbitrary: fc.constantFrom('ausstattung', 'zugang', 'aufgabentraeger', 'bahnhofstyp', '__proto__'),
      weight: 2,
    },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  ),
  fc.oneof(texts, fc.constantFrom('name-az', 'kategorie', 'karte', '1', '50.9,6.9,51,7', 'Bayern')),
  { maxKeys: 6 },
)

// Mostly the search page: the most expensive render, and the one whose query the page echoes.
const paths = fc.oneof(
  { arbitrary: fc.constant('/suche'), weight: 6 },
  { arbitrary: fc.constantFrom('/', '/meldungen', '/suche/', '/bahnhof/', '/info/'), weight: 1 },
  { arbitrary: fc.constantFrom('/bahnhof/koeln-hbf', '/bahnhof/8000207', '/bahnhof/1'), weight: 1 },
  { arbitrary: texts.map((text) => `/bahnhof/${encodeURIComponent(text)}`), weight: 1 },
  { arbitrary: texts.map((text) => `/info/${encodeURIComponent(text)}`), weight: 1 },
  { arbitrary: texts.map((text) => `/meldungen/${encodeURIComponent(text)}`), weight: 1 },
  { arbitrary: texts.map((text) => `/${encodeURIComponent(text)}`), weight: 1 },
)

/** Every search parameter repeated (arrays) as a hostile page may carry them. */
function queryString(entries: Record<string, string>, repeat: number): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(entries)) {
    for (let i = 0; i < repeat; i++) query.append(name, value)
  }
  return query.toString()
}

test('hostile page requests: no 5xx, nothing echoed as markup, /healthz ok throughout', async ({
  request,
}) => {
  test.setTimeout(300_000)
  const base = serverUrl()
  const health: number[] = []
  let probing = true
  const probe = (async () => {
    while (probing) {
      const response = await fetch(`${base}/healthz`).catch(() => undefined)
      health.push(response?.status ?? 0)
      await response?.text()
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const statuses = new Map<number, number>()
  // Many strangers, each from its own address (through the proxy): one address asking this fast
  // would meet its page budget, and the other specs' pages from 127.0.0.1 would not be slowed.
  let stranger = 0
  try {
    await fc.assert(
      fc.asyncProperty(paths, params, fc.integer({ min: 1, max: 3 }), async (path, entries, repeat) => {
        const search = queryString(entries, repeat)
        const url = search ? `${path}?${search}` : path
        stranger++
        const response = await request.get(`${base}${url}`, {
          headers: {
            accept: 'text/html',
            'x-forwarded-for': `10.${(stranger >> 16) & 255}.${(stranger >> 8) & 255}.${stranger & 255}`,
          },
          maxRedirects: 0,
          failOnStatusCode: false,
        })
        statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1)
        expect(response.status(), url).toBeLessThan(500)
        const type = response.headers()['content-type'] ?? ''
        if (!type.startsWith('text/html')) return
        const html = await response.text()
        for (const injection of INJECTIONS)
          expect(html, `${url} echoes ${injection}`).not.toContain(injection)
        // The data block stays one JSON document: nothing in it closes its element early.
        const block = /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/i.exec(html)
        if (block) expect(() => JSON.parse(block[1] ?? ''), url).not.toThrow()
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
  } finally {
    probing = false
    await probe
  }
  const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`)
  console.log(
    `page fuzz: ${RUNS} requests (seed ${SEED}), statuses ${summary.join(' ')}; /healthz ${health.length} probes`,
  )
  expect(health.length).toBeGreaterThan(3)
  expect(health.filter((status) => status !== 200)).toEqual([])
})

/** One GET with the Host header as given (fetch would not let a page set it). */
function getWithHost(url: URL, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpGet(url, { headers: { host } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    outgoing.on('error', reject)
  })
}

test('a Host header spelled another way never sends the server-rendered page’s requests elsewhere', async () => {
  // Each names a port or spelling where nothing of ours listens. Rendered in process, the search
  // page has its hits; sent over the network (with the search key), it would have none.
  const url = new URL('/suche?q=k%C3%B6ln', serverUrl())
  for (const host of ['localhost:80', 'LOCALHOST', '0x7f.1', '[::1]:80', 'Bahnhof.Example']) {
    const page = await getWithHost(url, host)
    expect(page.status, host).toBe(200)
    expect(page.body.includes('Köln Hbf'), `${host}: the server's hits`).toBe(true)
  }
  expect((await getWithHost(url, '[:::]')).status).toBe(400)
})
