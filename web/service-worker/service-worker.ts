// The installed app's service worker, built into dist/sw.js by scripts/build/service-worker.ts,
// which fills in the build's version and the files to keep. It makes the app open without a
// network: every file of the build (the shell, every page's code and styles, the basemap) is kept
// in a cache per build version; pages come from the network while there is one and otherwise from
// the shell, which boots the app with the last /config.json seen. Searches and content requests
// are left to the network (the app says when it cannot reach it).
//
// Versions change only when the user agrees: a new build's worker fetches its files and then waits
// until a page asks it to take over ("Neu laden"), so no page ever runs half an old and half a new
// build; the previous version's files stay until the one after, for pages still open on it.

// A module, so that `self` below is this worker's scope rather than the lib's WorkerGlobalScope.
export type {}

declare const self: ServiceWorkerGlobalScope
/** Filled in by the build: a hash of the build's files. */
declare const BUILD_VERSION: string
/** Filled in by the build: every path to keep, e.g. `/assets/index-….js`. */
declare const BUILD_FILES: string[]

const CACHE_PREFIX = 'bahnhofsfinder-app-'
const APP_CACHE = `${CACHE_PREFIX}${BUILD_VERSION}`
/** What the server answers at run time and the shell needs offline. */
const RUNTIME_CACHE = 'bahnhofsfinder-runtime'
const SHELL = '/index.html'
const CONFIG = '/config.json'
const KEPT = new Set(BUILD_FILES)
/** The versions kept: this one and the one before (listed in the runtime cache). */
const VERSIONS_KEY = '/__versions__'

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      // `no-cache`: the shell and the other unhashed files as the server has them now, not as the
      // browser's HTTP cache remembers them.
      caches
        .open(APP_CACHE)
        .then((cache) => cache.addAll(BUILD_FILES.map((path) => new Request(path, { cache: 'no-cache' })))),
      // Server-rendered pages carry their configuration; the shell fetches it, offline from here.
      caches.open(RUNTIME_CACHE).then((cache) => cache.add(new Request(CONFIG, { cache: 'no-cache' }))),
    ]),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const runtime = await caches.open(RUNTIME_CACHE)
      const known = ((await (await runtime.match(VERSIONS_KEY))?.json()) as string[] | undefined) ?? []
      const keep = [BUILD_VERSION, ...known.filter((version) => version !== BUILD_VERSION)].slice(0, 2)
      await runtime.put(VERSIONS_KEY, Response.json(keep))
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !keep.includes(name.slice(CACHE_PREFIX.length))) {
          await caches.delete(name)
        }
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'take-over') void self.skipWaiting()
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') {
    event.respondWith(page(request))
  } else if (KEPT.has(url.pathname)) {
    event.respondWith(kept(request, url.pathname))
  } else if (url.pathname === CONFIG) {
    event.respondWith(config(request))
  }
})

/** A page from the network (rendered by the server); without one, the shell. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: APP_CACHE })
    if (shell) return shell
    throw error
  }
}

/** A file of this build: from the cache (kept at install), else from the network. */
async function kept(request: Request, path: string): Promise<Response> {
  const cached = (await caches.match(path, { cacheName: APP_CACHE })) ?? (await caches.match(path))
  return cached ?? fetch(request)
}

/** /config.json from the network while there is one (and kept), else as last seen. */
async function config(request: Request): Promise<Response> {
  try {
    const response = await fetch(request)
    if (response.ok) {
      const cache = await caches.open(RUNTIME_CACHE)
      await cache.put(CONFIG, response.clone())
    }
    return response
  } catch (error) {
    const cached = await caches.match(CONFIG, { cacheName: RUNTIME_CACHE })
    if (cached) return cached
    throw error
  }
}
