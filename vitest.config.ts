import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // graphql 16 ships two builds: index.js (CommonJS, what Node loads for the server and for the
    // packages Vitest leaves to Node, graphql-yoga among them) and index.mjs (its "module" field,
    // which Vite picks for the files it transforms). Two builds are two sets of classes: yoga then
    // refuses the content schema as "from another module or realm" and answers "Unexpected error.".
    // Resolving graphql as Node does makes the tests run the single copy production runs.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'search-core/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/search/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
    ],
    reporters: ['default', './tests/reporters/vitest-slowest.ts'],
    // Two cores: keep parallel servers and index builds from starving each other.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
