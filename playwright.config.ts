import { defineConfig, devices } from '@playwright/test'

// End-to-end tests against the production build (`vite build` first) served by `node server/main.ts`
// on a free port with a fresh data directory (see tests/e2e/global-setup.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores: one server process plus two browsers is the most the machine takes without starving.
  workers: 2,
  // No retries, on CI either: a test that needs one is a defect to fix, not a hiccup to hide.
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  // Room for a machine three times slower than this one: a fresh CI machine of the same size once ran
  // the suite in 24.8 min where this one takes 7.7. The run ends with its ten slowest tests and the
  // share of their timeout each used (tests/reporters/).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./tests/reporters/playwright-slowest.ts']],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    // The app's service worker answers the app's own files and pages; Playwright's request routing
    // (which many specs use to slow, fail or count requests) does not see what a worker answers.
    // Blocked here, allowed in the specs of the installed app (installable-app.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's Chromium; `npx playwright install` needs a download this project does not do.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
