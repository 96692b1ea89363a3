import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { latin1Source } from './scripts/build/latin1-source.ts'
import { precompiledMessages } from './scripts/build/precompiled-messages.ts'
import { precompress } from './scripts/build/precompress.ts'
import { serviceWorker } from './scripts/build/service-worker.ts'

// The message catalogs arrive parsed (scripts/build/precompiled-messages.ts): FormatJS's parser,
// which only a catalog of unparsed messages needs, is left out of both builds.
const noMessageParser = fileURLToPath(
  new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url),
)

const backend = 'http://127.0.0.1:3000'

// instantsearch.js and react-instantsearch-core each pin algoliasearch-helper and get their own
// nested copy of the same version; resolve both to one so the helper is bundled once.
const helper = fileURLToPath(
  new URL('./node_modules/instantsearch.js/node_modules/algoliasearch-helper', import.meta.url),
)

// The web app: Vite root `web/`, built into `dist/` at the project root, which the server serves.
// `vite build --ssr entry-server.tsx` builds the server's renderer of the same pages into
// `dist-ssr/` (see server/web/server-render.ts): never served, and not compressed.
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: isSsrBuild
    ? [react(), precompiledMessages(), latin1Source()]
    : [react(), precompiledMessages(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      { find: /^algoliasearch-helper(\/.*)?$/, replacement: `${helper}$1` },
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: noMessageParser },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL(isSsrBuild ? './dist-ssr' : './dist', import.meta.url)),
    emptyOutDir: true,
    target: isSsrBuild ? 'node24' : 'es2022',
    // dist/.vite/manifest.json: which CSS and JS each lazy page needs, so that the server links them
    // in a rendered page's head (its layout is right at first paint, its code loads at once).
    manifest: !isSsrBuild,
    // The renderer minified too: every serving process holds its source for good (V8 keeps each
    // module's text), and text with a character beyond Latin-1 is held at two bytes per character.
    minify: true,
  },
  // The renderer bundles its libraries as the browser's build does, tree-shaken: loaded from
  // node_modules they were ~3,000 modules (date-fns alone 826: every function and locale), each
  // with its source and compiled code held for the life of the process. Bundled: ~1,500 modules,
  // ~21 MB less per serving process.
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  // `vite` in development talks to a running `node server/main.ts` for data.
  server: {
    proxy: {
      '/1/': backend,
      '/config.json': backend,
      '/graphql': backend,
      '/healthz': backend,
    },
  },
}))
