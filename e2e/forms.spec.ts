/**
 * Server-side field errors under the form field (docs/api-conventions.md "Errors"): a duplicate SKU
 * answers 409 with `errors: { sku }`, and the create form shows the message under its SKU field —
 * not only as a toast. A field the browser cannot check (NUL character) comes back the same way.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

const run = Date.now().toString(36);

test.describe('server field errors in forms', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page, USERS.seller);
  });

  test('a duplicate SKU on /products/create shows under the SKU field', async ({ page }) => {
    const sku = `E2E-DUP-${run}`.toUpperCase();
    const api = await pageApi(page);
    await api.post('/products', { title: `Original ${run}`, sku, price: 12 });

    await page.goto('/products/create');
    await page.getByLabel('Title', { exact: true }).fill(`Copy ${run}`);
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await page.getByLabel('Price (USD)', { exact: true }).fill('15');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/products') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    const res = await answer;
    expect(res.status()).toBe(409);
    expect((await res.json()).errors).toEqual({ sku: expect.any(String) });

    // antd renders a field's errors in its explain region, tied to the input
    const skuItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('SKU', { exact: true }) });
    await expect(skuItem.locator('.ant-form-item-explain-error')).toHaveText('SKU already in use');
    await expect(page).toHaveURL(/\/products\/create$/);
  });
});
