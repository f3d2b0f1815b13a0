/**
 * The app under its Content-Security-Policy (docs/api-conventions.md "Security headers"): sign-in,
 * antd's CSS-in-JS, live updates (EventSource), canvas charts and the dev mailbox page run with no
 * CSP violation reported by Chromium.
 */
import { expect, test, type Page } from '@playwright/test';
import { pageApi } from './support/page-api';
import { signIn, USERS } from './support/sign-in';

declare global {
  interface Window { __cspViolations?: string[] }
}

/** Collects every violation the page reports, from the document and from the console. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|create)/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  void page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

async function violationsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

test('the documents are served with the CSP the app runs under', async ({ page }) => {
  const res = await page.goto('/auth');
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res!.headers()['x-content-type-options']).toBe('nosniff');
});

test('sign-in, shell, lists, details, live streams and charts run with no CSP violation', async ({ page }) => {
  test.setTimeout(150_000);
  const consoleViolations = watchViolations(page);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);

  await signIn(page, USERS.admin);
  // antd's styles were injected and applied: the navigation rail has its dark background
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const api = await pageApi(page);
  const product = (await api.get<{ data: { id: string }[] }>('/products?limit=1')).data[0];
  const supplier = (await api.get<{ data: { id: string }[] }>('/suppliers?limit=1')).data[0];
  const visits = ['/dashboard', '/products', `/products/${product.id}`, '/orders', `/suppliers/${supplier.id}/performance`, '/ops', '/streams'];
  for (const path of visits) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByText('Loading page...')).toHaveCount(0);
    // (signed-in pages keep an EventSource open: no networkidle; a moment for late requests)
    await page.waitForTimeout(1500);
    expect(await violationsOn(page), path).toEqual([]);
  }
  // charts drew on their canvas under the policy
  await page.goto('/ops');
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  expect(await violationsOn(page)).toEqual([]);
  expect(consoleViolations).toEqual([]);
});

test('the dev mailbox page renders under the policy', async ({ page }) => {
  const consoleViolations = watchViolations(page);
  await page.goto('/dev/mailbox');
  await expect(page.locator('body')).toContainText(/mailbox/i);
  expect(await violationsOn(page)).toEqual([]);
  expect(consoleViolations).toEqual([]);
});
