/** Playwright against the real server in Debian's Chromium (docs/product/architecture.md §3; browsers are never downloaded). */
import { defineConfig } from '@playwright/test';
import { E2E_GOOGLE_ENV } from './e2e/support/google';

const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    // the console honours "reduce motion" (src/shell/use-reduced-motion.ts): dialogs open at once, so a
    // click never lands on a button still zooming into place
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // Google sign-in against the local OpenID provider the Google spec starts (e2e/support/google.ts)
    env: { E2E_PORT: String(port), ...E2E_GOOGLE_ENV },
  },
});
