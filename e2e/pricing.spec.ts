/**
 * Repricing end to end (docs/repricing.md "Console"): as a seller, create a rule with its live
 * preview, propose prices for one marketplace's active listings, approve two proposals, and see the
 * new prices with their reasons in the listing's price history. Real server, real sign-in.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

const run = Date.now().toString(36);

interface Page<T> { data: T[] }
interface Account { id: string; name: string; kind: string; status: string }
interface Proposal { id: string; listing_id: string; sku: string; new_price_cents: number; reason: string }
interface Rule { id: string; name: string }

const usd = (c: number) => `$${(c / 100).toFixed(2)}`;

test.describe('pricing', () => {
  test.setTimeout(180_000);

  test('create a rule with preview, propose on a filtered set, approve two, see the prices and reasons in the history', async ({ page }) => {
    await signedIn(page, USERS.seller);
    const api = await pageApi(page);
    const name = `E2E rule ${run}`;

    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create rule' }).click();
    await page.getByLabel('Rule name').fill(name);
    await expect(page.getByText(/^With today's offers this rule would price \d+ listings?: \d+ down, \d+ up, \d+ unchanged; \d+ at floor$/)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Create rule' }).click();
    await expect(page.getByRole('cell', { name }).first()).toBeVisible();
    const rule = (await api.get<Page<Rule>>(`/pricing/rules?search=${encodeURIComponent(name)}`)).data[0];

    try {
      // propose for one marketplace's active listings
      const account = (await api.get<Page<Account>>('/marketplaces?limit=500')).data.find((m) => m.status === 'connected')!;
      await page.goto('/pricing/propose');
      await expect(page.getByRole('heading', { level: 1, name: 'Propose Pricing' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('combobox', { name: 'Marketplace', exact: true }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: account.name }).first().click();
      await expect(page.getByText(/\d+ listings? match/)).toBeVisible();
      await page.getByRole('button', { name: 'Propose prices' }).click();
      await expect(page.getByText(/^Evaluated \d+ listings?: .* proposals? created\.$/)).toBeVisible({ timeout: 30_000 });

      // the two newest pending proposals lead the list (newest first)
      const pending = (await api.get<Page<Proposal>>('/pricing/proposals?status=pending&limit=2')).data;
      expect(pending.length).toBe(2);
      for (const p of pending) {
        await page.getByRole('button', { name: `Approve ${p.sku} at ${usd(p.new_price_cents)}` }).click();
        await expect(page.getByText(`${p.sku}: ${usd(p.new_price_cents)} applied`)).toBeVisible({ timeout: 20_000 });
      }

      // the new price and its reason in the listing's price history
      for (const p of pending) {
        await page.goto(`/listings?id=${p.listing_id}`);
        const drawer = page.getByRole('dialog');
        await expect(drawer.getByRole('heading', { name: 'Price history' })).toBeVisible({ timeout: 30_000 });
        const row = drawer.getByRole('row').filter({ hasText: 'Applied' }).first();
        await expect(row).toContainText(usd(p.new_price_cents));
        await expect(row).toContainText(p.reason.split(';')[0]);
      }
    } finally {
      await api.delete(`/pricing/rules/${rule.id}`);
    }
  });
});
