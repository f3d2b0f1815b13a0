/**
 * Variants edited one at a time on the product page — docs/commerce-ui.md "Variants": as a seller,
 * change one variant's price in place, reload, and see the new price kept (and the other variants not).
 * Real server, real sign-in, Debian's Chromium.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

const moneyOf = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('a seller changes one variant price on the product page and it persists after reload', async ({ page }) => {
  await signedIn(page, USERS.seller, '/products?sku=APP-0001');
  await page.locator('.ant-table-row', { hasText: 'APP-0001' }).first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);

  const variants = page.getByTestId('variants');
  const rows = variants.locator('.ant-table-row');
  // a shared CI machine can take a while to load the page's chunks
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const count = await rows.count();
  const skus = await rows.locator('td:nth-child(1)').allInnerTexts();
  const pricesBefore = await rows.locator('td:nth-child(3)').allInnerTexts();
  const target = skus[0];
  // a new price above the current one stays above any MAP price; cents make it unmistakable
  const newPrice = Math.round((moneyOf(pricesBefore[0]) + 1.37) * 100) / 100;

  await page.getByRole('button', { name: `Edit variant ${target}` }).click();
  const price = variants.getByLabel('Price', { exact: true });
  await price.fill(String(newPrice));
  await variants.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Variant saved')).toBeVisible();
  const shown = `$${newPrice.toFixed(2)}`;
  await expect(rows.filter({ hasText: target }).locator('td:nth-child(3)')).toHaveText(shown);

  await page.reload();
  await expect(rows.filter({ hasText: target }).locator('td:nth-child(3)')).toHaveText(shown, { timeout: 30_000 });
  // only that variant changed
  await expect(rows).toHaveCount(count);
  for (let i = 1; i < count; i++) {
    await expect(rows.filter({ hasText: skus[i] }).locator('td:nth-child(3)')).toHaveText(pricesBefore[i]);
  }
});
