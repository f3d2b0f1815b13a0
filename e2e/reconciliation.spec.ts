/**
 * Reconciliation end to end (docs/reconciliation.md "Console"): the seller opens /payments →
 * Reconciliation, uploads an Amazon settlement report through the import dialog (a sample of
 * tests/fixtures with a settlement id of this run, one of its orders not the store's), sees the
 * problems the reconciler found, and disputes one with a note: the table shows it Disputed. Real
 * server, real magic-link sign-in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

test('a seller uploads a settlement report, sees a reconciliation problem and resolves it', async ({ page }) => {
  test.setTimeout(120_000);
  const settlement = String(Date.now()).slice(-11);
  const order = `112-${settlement.slice(-7)}-0000001`;
  const report = readFileSync(join(process.cwd(), 'tests/fixtures/amazon-settlement-us.txt'), 'utf8')
    .replaceAll('11223344556', settlement)
    .replaceAll('112-1234567-1234567', order);

  await signedIn(page, USERS.seller, '/payments?tab=reconciliation');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reconciliation', selected: true })).toBeVisible();

  await page.getByRole('button', { name: 'Upload settlement report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload settlement report' });
  await dialog.locator('input[type=file]').setInputFiles({ name: `settlement-${settlement}.txt`, mimeType: 'text/plain', buffer: Buffer.from(report) });
  await expect(dialog.getByText('The file is valid.', { exact: false })).toBeVisible();
  await expect(dialog.getByText(/1 payout\(s\) with 17 line\(s\) go to "Amazon US"/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // the reconciler (a consumer of the payout's arrival) finds the line of an order that is not the store's
  // (it runs in the background: wait for it through the API, then search the table for this run's payout)
  const api = await pageApi(page);
  await expect.poll(async () => (await api.get<{ data: unknown[] }>(`/payouts/reconciliation?kind=order_not_found&search=${order}`)).data.length, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.getByPlaceholder('Search order or payout id').fill(order);
  await page.getByPlaceholder('Search order or payout id').press('Enter');
  // the order's sale line ($1,000.00): its other lines (fees, a refund) are problems of their own
  const row = page.getByRole('row').filter({ hasText: 'Order not found' }).filter({ hasText: '$1,000.00' });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('$1,000.00')).toBeVisible();
  await expect(row.getByText(order).first()).toBeVisible();
  await expect(row.getByText('Open')).toBeVisible();

  await row.getByRole('button', { name: /^Resolve/ }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve this problem?' });
  await resolve.getByLabel('Dispute with the marketplace').check();
  await resolve.getByRole('button', { name: 'Dispute' }).click();
  await expect(resolve.getByText('Say why you dispute it')).toBeVisible();
  await resolve.getByLabel('Note').fill('Not our order: case 4711 opened with Amazon');
  await resolve.getByRole('button', { name: 'Dispute' }).click();
  await expect(page.getByText('Disputed: the note is kept with the problem')).toBeVisible();
  await expect(row.getByText('Disputed')).toBeVisible();
  await expect(row.getByText('Note: Not our order: case 4711 opened with Amazon')).toBeVisible();
});
