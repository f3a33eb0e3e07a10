import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * End-to-end tests in Debian's Chromium against the real server (e2e/server.ts: the production entry
 * point on a fresh database, in local sign-in mode, with a fake Kick).
 */
export default defineConfig({
  testDir: 'e2e',
  // A whole test's budget. The longer flows (sign in twice, link Kick, mark all read) take 20–30 s on a
  // two-core CI machine running two browsers; each step still has to happen within the expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Tests that change site-wide settings run after everything else, so no other test sees their changes.
  projects: [
    { name: 'site', testIgnore: /\.global\.spec\.ts$/ },
    { name: 'site-wide settings', testMatch: /\.global\.spec\.ts$/, dependencies: ['site'] },
  ],
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(port),
      ...(process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    },
  },
});
