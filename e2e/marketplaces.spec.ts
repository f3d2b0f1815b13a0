/**
 * Marketplaces end to end (docs/marketplaces-ui.md): as an administrator, link a sandbox marketplace
 * through the wizard, create a listing on it, see the sandbox accept it (active and synced), and find
 * a seeded MAP violation from /catalog?filter=violations. Real server, real sign-in, Debian's Chromium.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

const run = Date.now().toString(36);

interface Page<T> { data: T[] }
interface ListingRow { id: string; sku: string; product_id: string; variant_id: string; status: string; sync_state: string; open_violations: number }
interface ProductRow { data: { title: string; sku: string; variants: { id: string; sku: string }[] } }

test.describe('marketplaces', () => {
  test.setTimeout(180_000);

  test('link a sandbox marketplace, list a product on it, see it go live; find a seeded MAP violation', async ({ page }) => {
    await signedIn(page, USERS.admin);
    const api = await pageApi(page);

    // the wizard: kind → connection → verify → first listings (skipped here)
    await page.goto('/orchestrator/marketplaces/link');
    await expect(page.getByRole('heading', { name: 'Link a Marketplace' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('radio', { name: /eBay/ }).check();
    const name = `E2E eBay ${run}`;
    await page.getByLabel('Account name').fill(name);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('radio', { name: /Sandbox/ })).toBeChecked();
    await page.getByRole('button', { name: 'Link account' }).click();
    await expect(page.getByText(`${name} is connected`)).toBeVisible();
    await page.getByRole('button', { name: 'Next: first listings' }).click();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page.getByText(`${name} is linked`)).toBeVisible();
    const href = await page.getByRole('link', { name: 'View its listings' }).getAttribute('href');
    const marketplaceId = new URLSearchParams(href!.split('?')[1]).get('marketplace_id')!;
    expect(marketplaceId).toMatch(/^[0-9a-f-]{36}$/);

    // Marketplace Setup shows it
    await page.goto('/integrations');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Connected', { timeout: 30_000 });

    // a product the seeded Amazon account sells (so it has an image the sandbox accepts)
    const seeded = await api.get<Page<ListingRow>>('/listings?status=active&limit=1&sort=sku&order=asc');
    const source = seeded.data[0];
    const product = (await api.get<ProductRow>(`/products/${source.product_id}`)).data;

    await page.goto('/listings/create');
    await expect(page.getByRole('heading', { name: 'Create Listing' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Product').fill(product.sku);
    await page.getByTitle(`${product.title} (${product.sku})`).click();
    if (product.variants.length > 1) {
      await page.getByLabel('Variant').click();
      await page.locator('.ant-select-item-option').filter({ hasText: source.sku }).click();
    }
    await expect(page.getByLabel('Price (USD)')).not.toHaveValue('');
    await page.getByLabel('Marketplaces').click();
    await page.getByTitle(`${name} (eBay)`).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create listing' }).click();

    // the new listing opens over the table; the push consumer sends it to the sandbox
    await expect(page).toHaveURL(/\/listings\?id=[0-9a-f-]{36}$/);
    const listingId = new URL(page.url()).searchParams.get('id')!;
    await api.post(`/marketplaces/${marketplaceId}/sandbox/tick`, { ticks: 1 });
    await expect
      .poll(async () => {
        const l = (await api.get<{ data: ListingRow }>(`/listings/${listingId}`)).data;
        return `${l.status}/${l.sync_state}`;
      }, { timeout: 60_000 })
      .toBe('active/synced');
    // the drawer shows it after a reload (this spec does not assert the live refresh; the component
    // test listings-live.test.tsx does)
    await page.reload();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.getByText('Synced')).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByText('Active', { exact: true })).toBeVisible();
    await expect(drawer.getByText(`Published on ${name}`)).toBeVisible();

    // a seeded violation, from the product's link
    await page.goto('/catalog?filter=violations');
    await expect(page).toHaveURL(/\/catalog\?violations=true$/, { timeout: 30_000 });
    await expect(page.getByRole('tab', { name: 'Listings', selected: true })).toBeVisible();
    const flagged = page.locator('.ant-table-row').first();
    await expect(flagged).toContainText(/\d+ violations?/, { timeout: 30_000 });
    await page.getByRole('tab', { name: 'MAP violations' }).click();
    await expect(page.locator('.ant-table-row').first()).toContainText(/Open|Notified/);
    await expect(page.locator('.ant-table-row').first().getByRole('link')).toHaveAttribute('href', /\/products\?sku=/);
  });
});
