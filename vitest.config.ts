import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/search/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
    ],
    // Two cores: keep parallel servers and index builds from starving each other.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
