/** docs/product/routes-and-roles.md in the browser: each demo role signs in by magic link and sees exactly its navigation. */
import { expect, test, type Page } from '@playwright/test';
import { expectedNav, type NavRole } from './support/navigation';
import { signIn, signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

type Box = { x: number; y: number; width: number; height: number } | null;
/** Whether two boxes on the screen share any pixel. */
const overlap = (a: Box, b: Box) => !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function visibleNav(page: Page): Promise<Record<string, string[]>> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const groups = await nav.locator('section').evaluateAll((sections) =>
    sections.map((s) => [
      s.querySelector('h2')?.textContent ?? '',
      Array.from(s.querySelectorAll('a .side-nav-label')).map((l) => l.textContent ?? ''),
    ]),
  );
  return Object.fromEntries(groups);
}

for (const role of ['seller', 'agent', 'admin'] as NavRole[]) {
  test(`${role} sees the side navigation of their role`, async ({ page }) => {
    await signIn(page, USERS[role]);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Successfully signed in')).toBeVisible();
    // the toast sits under the top bar: Diagnostics and Sign out stay clickable while it shows
    const toast = await page.locator('.ant-notification-notice').first().boundingBox();
    for (const control of [page.getByRole('button', { name: 'Diagnostics' }), page.getByRole('button', { name: 'Sign out' })]) {
      expect(overlap(toast, await control.boundingBox())).toBe(false);
    }
    expect(await visibleNav(page)).toEqual(expectedNav(role));
    // the "AI" badge and the highlight rule (path equals the route)
    const current = page.getByRole('link', { name: 'Dashboard' }).and(page.locator('[aria-current="page"]'));
    await expect(current).toBeVisible();
    if (role !== 'seller') await expect(page.locator('.side-nav-link', { hasText: 'All Agents' }).locator('.side-nav-badge')).toHaveText('AI');
  });
}

test('the build-info pill never sits over the page: over the navigation on a wide screen, after the page on a phone', async ({ page }) => {
  await signedIn(page, USERS.seller, '/orders');
  await expect(page.locator('main .ant-table-row').first()).toBeVisible();
  const pill = page.locator('.build-info');
  await page.mouse.wheel(0, 5000);
  const main = await page.locator('main').boundingBox();
  const box = await pill.boundingBox();
  expect(box && main && box.x + box.width <= main.x).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  expect(await pill.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  const mainBottom = await page.locator('main').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(await pill.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(mainBottom);

  // the small screen's navigation: a drawer loaded the first time it opens; a link navigates and closes it
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(drawer).toBeHidden();
});

test('a phone (390 px) never scrolls sideways on the pricing agent and a product page: wide tables scroll in their card', async ({ page }) => {
  await signedIn(page, USERS.admin, '/products');
  const product = (await (await pageApi(page)).get<{ data: { id: string }[] }>('/products?limit=1')).data[0];
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/pricing/agent', `/products/${product.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.ant-table').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
