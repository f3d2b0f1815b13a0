/**
 * Capital end to end (docs/capital.md): the seller opens /capital, sees the snapshot, checks
 * eligibility and requests a merchant cash advance from its offer; the admin approves it (asked
 * first) and sees it disbursed, then finds Advances Outstanding on the dashboard. The e2e server runs
 * with FEATURE_CAPITAL_FINANCE=true (scripts/e2e-server.mjs). Real server, real magic-link sign-in.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

/** Serious or critical axe violations of what the page shows now (the offers open, the table filled). */
async function seriousViolations(page: Page) {
  // nothing hovered, focused or mid-transition (a button just clicked fades its colours back)
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
}

interface Advance { id: string; number: string; status: string; principal_cents: number; fee_cents: number }

test('a seller requests an advance, an admin approves it, the dashboard shows it outstanding', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await (await browser.newContext()).newPage();
  await signedIn(seller, USERS.seller, '/capital');
  await expect(seller.getByRole('heading', { name: 'Capital', level: 1 })).toBeVisible();
  const figures = seller.getByRole('list', { name: 'Capital figures' });
  await expect(figures.getByText('Capital committed', { exact: true })).toBeVisible();
  await expect(figures.getByText('Open orders', { exact: true })).toBeVisible();
  await expect(figures.getByText('Est. days to cash-out', { exact: true })).toBeVisible();

  // an advance left open by an earlier spec of this run would refuse the request: the admin settles it
  const api = await pageApi(seller);
  const open = (await api.get<{ data: Advance[] }>('/capital/advances?status=requested')).data;

  const admin = await (await browser.newContext()).newPage();
  await signedIn(admin, USERS.admin, '/capital');
  const adminApi = await pageApi(admin);
  for (const a of open) await adminApi.send('POST', `/capital/advances/${a.id}/reject`, { reason: 'e2e: settled before the walk' });
  for (const status of ['disbursed', 'repaying']) {
    for (const a of (await api.get<{ data: Advance[] }>(`/capital/advances?status=${status}`)).data) await api.send('POST', `/capital/advances/${a.id}/payoff`, {});
  }

  await seller.getByRole('button', { name: 'Check eligibility' }).click();
  const offer = seller.getByTestId('offer-merchant_cash');
  await expect(offer).toBeVisible();
  await expect(offer.getByText('Fee (total cost)')).toBeVisible();
  expect(await seriousViolations(seller)).toEqual([]);
  await offer.getByRole('spinbutton').fill('500');
  await offer.getByRole('button', { name: /^Request \$500\.00$/ }).click();
  await expect(seller.getByText(/Advance ADV-\d+ requested/)).toBeVisible();
  const requested = (await api.get<{ data: Advance[] }>('/capital/advances?status=requested')).data;
  expect(requested).toHaveLength(1);
  const adv = requested[0];
  expect(adv.principal_cents).toBe(50_000);
  // the table refreshed after the request; a seller has no Approve button
  const sellerRow = seller.getByRole('row', { name: new RegExp(adv.number) });
  await expect(sellerRow.getByText('Requested')).toBeVisible();
  await expect(sellerRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // the admin approves, asked first
  await admin.reload();
  const row = admin.getByRole('row', { name: new RegExp(adv.number) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Approve and disburse' }).click();
  await expect(admin.getByText(`Advance ${adv.number} approved`)).toBeVisible();
  await expect(row.getByText('Disbursed')).toBeVisible();
  await expect(row.getByLabel(`${adv.number} repaid`)).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);

  // the dashboard: Advances Outstanding = principal + fee, with the open-order count
  await admin.goto('/dashboard');
  const card = admin.getByTestId('advances-outstanding');
  const owed = ((adv.principal_cents + adv.fee_cents) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  await expect(card).toHaveText(owed);
  await expect(admin.getByText(/\d+ open orders?/)).toBeVisible();
  await expect(admin.getByText('Net Revenue (MTD)')).toBeVisible();
  await expect(admin.getByText('Fees (MTD)')).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
});
