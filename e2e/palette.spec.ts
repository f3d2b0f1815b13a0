/**
 * Command palette in the browser — docs/product/shell.md: Ctrl+K / Cmd+K, the exact texts, groups with no text,
 * the no-results state, keyboard choice of a command, and the query clearing on close.
 */
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

const PLACEHOLDER = 'Search orders, products, suppliers, or type a command...';

/** Goes to `path` and waits for the signed-in shell, which holds the palette. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, USERS.seller);
});

test('opens with Ctrl+K, shows the groups for the page, and goes where a command says', async ({ page }) => {
  await visit(page, '/orders');
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: PLACEHOLDER });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', PLACEHOLDER);
  for (const group of ['Page Actions', 'Create', 'Navigate']) await expect(page.getByRole('group', { name: group })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('to navigate');

  await page.getByRole('option', { name: 'View tier 1 suppliers' }).click();
  await expect(page).toHaveURL('/suppliers?tier=1');
  await expect(page.getByRole('combobox', { name: PLACEHOLDER })).toBeHidden();
});

test('says when nothing matches, esc closes, and the text is gone next time', async ({ page }) => {
  await visit(page, '/dashboard');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: PLACEHOLDER })).toBeFocused();
  await page.keyboard.type('zzqx-nothing');
  await expect(page.getByText('No results found for "zzqx-nothing".')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: PLACEHOLDER })).toBeHidden();
  await page.keyboard.press('Meta+k');
  await expect(page.getByRole('combobox', { name: PLACEHOLDER })).toHaveValue('');
});

test('an order chosen from the results opens over the orders list and becomes recent', async ({ page }) => {
  await visit(page, '/dashboard');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: PLACEHOLDER })).toBeFocused();
  await page.keyboard.type('ORD');
  const first = page.getByRole('group', { name: 'Orders' }).getByRole('option').first();
  await expect(first).toBeVisible();
  const id = ((await first.locator('.command-palette-label').textContent()) ?? '').trim();
  await first.click();
  await expect(page).toHaveURL(`/orders?id=${id}`);
  await expect(page.getByRole('dialog', { name: `Order ${id}` })).toBeVisible();

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('group', { name: 'Recent' }).getByRole('option').first()).toContainText(id);
});
