/**
 * Roles in the interface (docs/product/routes-and-roles.md): each role is offered only what it may
 * use — buttons, forms, palette entries, Quick Actions —, roles read User / Agent / Administrator, a
 * refused action says "You do not have permission to perform this action", /ops/dlq highlights one
 * menu item, and the sign-in link keeps every query parameter besides `next`.
 */
import { expect, test, type Page } from '@playwright/test';
import { requestMagicLink, signedIn, USERS } from './support/sign-in';

const FORBIDDEN = 'You do not have permission to perform this action';
/** A full page load on a busy machine boots the app and loads the page's chunk first. */
const PAGE_LOAD = { timeout: 30_000 };

async function paletteNavigate(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+k');
  const group = page.getByRole('group', { name: 'Navigate' });
  await expect(group).toBeVisible();
  const labels = await group.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return labels;
}

test('an agent is offered neither Score all nor the supplier forms, and sees itself as Agent', async ({ page }) => {
  await signedIn(page, USERS.agent);
  await expect(page.getByTestId('user-role')).toHaveText('Agent');

  await page.goto('/suppliers');
  // the first open of a page loads its chunk; give a busy machine time
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible(PAGE_LOAD);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: /Score all/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Create supplier/ })).toHaveCount(0);

  await page.goto('/suppliers/create');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible(PAGE_LOAD);
  await expect(page.getByText('User or Administrator')).toBeVisible();

  expect(await paletteNavigate(page)).toEqual(['Orders', 'Products', 'Suppliers', 'Analytics']);

  await page.goto('/ops/dlq');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'DLQ Management' })).toHaveAttribute('aria-current', 'page', PAGE_LOAD);
  await expect(nav.getByRole('link', { name: 'Ops Console' })).not.toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

test('a seller sees Score all; a refused request says it lacks permission, not that the session ended', async ({ page }) => {
  await signedIn(page, USERS.seller);
  await expect(page.getByTestId('user-role')).toHaveText('User');

  // the dashboard offers only pages a seller may open
  await page.goto('/dashboard');
  const quick = page.getByRole('region', { name: 'Quick Actions' });
  await expect(quick.getByRole('button', { name: 'View Products' })).toBeVisible(PAGE_LOAD);
  await expect(quick.getByRole('button', { name: 'Operations' })).toHaveCount(0);
  expect(await paletteNavigate(page)).toEqual(['Orders', 'Products', 'Suppliers', 'Analytics']);

  await page.goto('/governance');
  await expect(page.getByText('Administrator or higher')).toBeVisible(PAGE_LOAD);

  await page.goto('/suppliers');
  const scoreAll = page.getByRole('button', { name: /Score all/ });
  await expect(scoreAll).toBeVisible(PAGE_LOAD);
  // the server answers 403 as it would had the role changed meanwhile; the text is the client's own
  await page.route('**/api/suppliers/score-all', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 'forbidden', message: 'Forbidden' }) }),
  );
  await scoreAll.click();
  await expect(page.getByText(FORBIDDEN)).toBeVisible();
  await expect(page.getByText('Authentication failed. Please sign in again.')).toHaveCount(0);
  // a 403 is not a lost session: the user stays signed in on the page
  await expect(page).toHaveURL(/\/suppliers$/);
});

test('/login?next=/streams?tab=dlq&foo=bar keeps foo=bar through the magic link', async ({ page }) => {
  await page.goto('/login?next=/streams?tab=dlq&foo=bar');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  const link = await requestMagicLink(page, USERS.agent);
  await page.goto(link);
  await expect(page).toHaveURL(/\/streams\?tab=dlq&foo=bar$/, PAGE_LOAD);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
