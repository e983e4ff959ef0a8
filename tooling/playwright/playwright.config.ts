// Playwright drives Debian's Chromium (a test tool's own browser download cannot work here)
// against the server that tooling/scripts/e2e.mjs started with a fresh embedded database.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '../../apps/portal/e2e',
  timeout: 60_000,
  // A hard ceiling for the whole run: CI stops at 90 minutes and must still get a report.
  globalTimeout: 50 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1366, height: 900 } } },
  ],
});
