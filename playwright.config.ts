import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/**
 * Browser journeys against the production build (`npm run build` first), served by `npm run serve`.
 *
 * - Chromium comes from Debian (`/usr/bin/chromium`): Playwright's own browser download cannot be
 *   installed on our machines.
 * - The server gets a fresh DATA_DIR on every run (emptied by tests/e2e/prepare-server.ts).
 * - With DATABASE_URL set (CI: the throwaway PostgreSQL of scripts/pg-throwaway.sh), the server uses its
 *   own database `insights_e2e` on that server, dropped and created again before it starts, so the unit
 *   tests' database is never touched. Without it the server uses PGlite inside DATA_DIR.
 * - The database is prepared in the webServer command, not in a globalSetup: Playwright starts the
 *   webServer before globalSetup runs, and the server migrates and seeds at boot.
 */
const CI = Boolean(process.env.CI)
const PORT = Number(process.env.E2E_PORT ?? 3100)
const BASE_URL = `http://127.0.0.1:${PORT}`
export const E2E_DATA_DIR = path.join(tmpdir(), `insights-e2e-${PORT}`)

/** The unit tests' URL with the database name replaced by `insights_e2e`. */
function e2eDatabaseUrl(source: string | undefined) {
  if (!source) return undefined
  const url = new URL(source)
  url.pathname = '/insights_e2e'
  return url.toString()
}
const DATABASE_URL = e2eDatabaseUrl(process.env.DATABASE_URL)

/** Debian's Chromium, for both projects. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // The machines have no network but the package registries: without these, Chromium keeps
    // trying (and failing) to reach Google's services.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // 2 cores: the server, Chromium and the runner share them.
  workers: CI ? 1 : undefined,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'es-AR',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // Every journey again on a 390×844 phone (decision 017); phone.test.ts sets that size itself.
    {
      name: 'phone',
      testIgnore: '**/phone.test.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: 'tsx tests/e2e/prepare-server.ts && npm run serve',
    url: `${BASE_URL}/management/login`,
    reuseExistingServer: !CI,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: BASE_URL,
      SEED_DEMO: '1',
      // External boards of the journeys are framed from here (decision 038; the test serves the page).
      BOARD_FRAME_ORIGINS: 'https://example.com',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
    },
  },
})
