/**
 * Bundle budget (docs/performance.md "Delivery"): compressed JavaScript transferred in Chromium for
 * /auth (light entry: no antd, no Refine) and for /dashboard after sign-in. Sizes are deterministic
 * for a given build, so an overrun fails the suite.
 */
import { expect, test } from '@playwright/test';
import { BUDGETS, measureDashboard, measureSignIn } from './support/bundle-budget';
import { USERS } from './support/sign-in';

test('/auth loads at most its budget of compressed JavaScript, and neither antd nor Refine', async ({ browser, baseURL }) => {
  const t = await measureSignIn(browser, baseURL!);
  expect(t.files.length).toBeGreaterThan(0);
  // every script came compressed from the server (precompressed brotli)
  expect(t.bytes, t.files.map((f) => `${f.bytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.auth);
  expect(t.files.map((f) => f.url).join(' ')).not.toMatch(/\/App-[^/]+\.js/);
});

test('/dashboard after sign-in stays within its budget; no chart library on it', async ({ browser, baseURL }) => {
  const t = await measureDashboard(browser, baseURL!, USERS.seller);
  expect(t.bytes, t.files.map((f) => `${f.bytes} ${f.url}`).join('\n')).toBeLessThanOrEqual(BUDGETS.dashboard);
  expect(t.files.map((f) => f.url).join(' ')).not.toMatch(/charts|\/line-[^/]+\.js/);
});
