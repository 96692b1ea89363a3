import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const backend = 'http://127.0.0.1:3000'

// The web app: Vite root `web/`, built into `dist/` at the project root, which the server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  // `vite` in development talks to a running `node server/main.ts` for data.
  server: {
    proxy: {
      '/1/': backend,
      '/config.json': backend,
      '/graphql': backend,
      '/healthz': backend,
    },
  },
})
