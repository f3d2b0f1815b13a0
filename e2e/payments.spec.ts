/**
 * Payouts end to end (docs/payouts.md "Console"): an admin links a sandbox eBay account (daily
 * payouts) with one listing and ticks it until it pays out; the seller opens /payments filtered to
 * that account, sees the payout in the table, opens it and sees its totals and its lines per order.
 * Real server, real magic-link sign-in; axe on the page with the payout open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

interface List<T> { data: T[] }
interface ListingRow { id: string; variant_id: string; sync_state: string }
interface PayoutRow { id: string; external_id: string; lines_count: number; status: string }

async function seriousViolations(page: Page) {
  await page.mouse.move(0, 0);
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

test('a seller opens a payout on /payments and sees its lines', async ({ browser }) => {
  test.setTimeout(180_000);
  const run = String(Date.now()).slice(-6);
  const admin = await (await browser.newContext()).newPage();
  await signedIn(admin, USERS.admin);
  const api = await pageApi(admin);
  const account = await api.send<{ id: string }>('POST', '/marketplaces', { kind: 'ebay', name: `E2E eBay payouts ${run}`, sandbox_order_rate: 1 });
  try {
    const source = (await api.get<List<ListingRow>>('/listings?status=active&limit=1&sort=sku&order=asc')).data[0];
    const listing = await api.send<{ id: string }>('POST', '/listings', { variant_id: source.variant_id, marketplace_id: account.id, price_cents: 49_00, confirm_below_cost: true });
    await expect.poll(async () => (await api.get<{ data: ListingRow }>(`/listings/${listing.id}`)).data.sync_state, { timeout: 60_000 }).toBe('synced');
    // eBay pays out every simulated day: tick until a payout with lines has arrived
    let payout: PayoutRow | undefined;
    await expect.poll(async () => {
      payout = (await api.get<List<PayoutRow>>(`/payouts?marketplace_id=${account.id}&limit=5`)).data.find((p) => p.lines_count > 0);
      if (!payout) await api.send('POST', `/marketplaces/${account.id}/sandbox/tick`, { ticks: 2 });
      return payout?.id ?? '';
    }, { timeout: 90_000, intervals: [1_000, 2_000] }).not.toBe('');

    const seller = await (await browser.newContext()).newPage();
    await signedIn(seller, USERS.seller, `/payments?marketplace_id=${account.id}`);
    await expect(seller.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect(seller.getByRole('tab', { name: 'Payouts', selected: true })).toBeVisible();
    const row = seller.getByRole('row', { name: new RegExp(`${payout!.external_id}\\b`) }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText(`E2E eBay payouts ${run}`)).toBeVisible();
    await row.getByRole('link', { name: `Open payout ${payout!.external_id}` }).click();

    const drawer = seller.getByRole('dialog', { name: `Payout ${payout!.external_id}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Totals by kind')).toBeVisible();
    await expect(drawer.getByRole('cell', { name: 'Sale' }).first()).toBeVisible();
    await expect(drawer.getByText(/^eBay order EBAY-SBX-/).first()).toBeVisible();
    await expect(drawer.getByRole('cell', { name: /^Fee: referral$/ }).first()).toBeVisible();
    expect(await seriousViolations(seller)).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(seller).toHaveURL(/\/payments\?marketplace_id=/);
  } finally {
    await api.send('PUT', `/marketplaces/${account.id}`, { status: 'paused' });
  }
});
