import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);

/**
 * End-to-end tests in Debian's Chromium against the real server (e2e/server.ts: the production entry
 * point on a fresh database, in local sign-in mode, with a fake Kick).
 */
export default defineConfig({
  testDir: 'e2e',
  // A whole test's budget. The longer flows (sign in twice, link Kick, mark all read) take 20–30 s on a
  // two-core CI machine running two browsers, and three times that when the machine's host is busy (as measured
  // on 2026-11-27: hello world at 13,000 req/s against 31,000 on a quiet day, a ticket-categories flow 1.9 min
  // alone); each step still has to happen within the expect timeout. The long admin flows are marked
  // test.slow(), which triples this budget.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One more try for a test that failed: over 400 browser tests on a shared two-core machine, a step that waits
  // on a machine stalled for seconds fails now and then without the site being wrong. A test that passes only on
  // its second try is listed as "flaky" in the report; that is a bug of the test or the site to look at, not noise.
  retries: 1,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // The site's reduced-motion rule stops its endless pulses and pings (the daily bonus and live badges are on
    // every signed-in page): headless Chromium composites in software, and a page that animates forever kept it
    // drawing 60 frames a second for nothing. The overlay's spec asks for motion, which it tests.
    reducedMotion: 'reduce',
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
