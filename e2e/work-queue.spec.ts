/**
 * The alert queue end to end (docs/alerts.md): a settlement report with an order that is not the
 * store's makes the reconciler raise an alert; the seller finds it on /work, acknowledges it, and
 * resolves it in one tab while the dashboard, open in another, counts one open alert less without
 * a reload (its Open Alerts card and the top bar's bell). Real server, real magic-link sign-in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

// the dashboard's card (the top bar's bell carries the same name)
const openAlerts = async (page: Page) => {
  const link = page.getByRole('region', { name: 'Open Alerts' }).getByRole('link', { name: /^Open alerts: \d+$/ });
  await expect(link).toBeVisible();
  return Number((await link.getAttribute('aria-label'))!.split(': ')[1]);
};

test('an alert raised by the reconciler is acknowledged and resolved on /work; the dashboard counts it live', async ({ page }) => {
  test.setTimeout(150_000);
  const settlement = String(Date.now()).slice(-11);
  const report = readFileSync(join(process.cwd(), 'tests/fixtures/amazon-settlement-us.txt'), 'utf8')
    .replaceAll('11223344556', settlement)
    .replaceAll('112-1234567-1234567', `112-${settlement.slice(-7)}-0000002`);

  // 1. an order the store does not have, paid in a settlement report: the reconciler raises an alert
  await signedIn(page, USERS.seller, '/payments?tab=reconciliation');
  await page.getByRole('button', { name: 'Upload settlement report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload settlement report' });
  await dialog.locator('input[type=file]').setInputFiles({ name: `settlement-${settlement}.txt`, mimeType: 'text/plain', buffer: Buffer.from(report) });
  await expect(dialog.getByText('The file is valid.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByText('Import complete')).toBeVisible();
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // 2. on /work, in the open tab
  await page.goto('/work?search=Order%20not%20found');
  await expect(page.getByRole('heading', { name: 'Alerts and Work Queue', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: /Reconciliation: .*"Order not found"/ });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row.getByRole('link', { name: /Reconciliation:/ })).toHaveAttribute('href', '/payments?tab=reconciliation');

  // 3. acknowledged: it stays open, with who acknowledged it
  await row.getByRole('button', { name: /^Acknowledge alert/ }).click();
  await page.getByRole('dialog', { name: 'Acknowledge this alert?' }).getByRole('button', { name: 'Acknowledge' }).click();
  await expect(row.getByText(`Acknowledged by ${USERS.seller}`)).toBeVisible();

  // 4. the dashboard in another tab; resolving here drops its count without a reload
  const dashboard = await page.context().newPage();
  await dashboard.goto('/dashboard');
  const before = await openAlerts(dashboard);
  expect(before).toBeGreaterThan(0);
  await row.getByRole('button', { name: /^Resolve alert/ }).click();
  await page.getByRole('dialog', { name: 'Resolve this alert?' }).getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Alert resolved')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(dashboard.getByRole('region', { name: 'Open Alerts' }).getByRole('link', { name: `Open alerts: ${before - 1}` })).toBeVisible({ timeout: 20_000 });
  await expect(dashboard.getByRole('banner').getByRole('link', { name: `Open alerts: ${before - 1}` })).toBeVisible({ timeout: 20_000 });

  // 5. it is in the resolved tab, resolved by the seller
  await page.getByRole('tab', { name: 'Resolved' }).click();
  await expect(page.getByRole('row').filter({ hasText: /Reconciliation: .*"Order not found"/ }).first().getByText(`Resolved by ${USERS.seller}`)).toBeVisible();
});
