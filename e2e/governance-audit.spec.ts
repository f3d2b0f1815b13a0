/**
 * The audit log end to end (docs/governance.md "Audit log"): a product edited through the API, the
 * request's `x-correlation-id` typed into the Audit Logs filters, and its entry is there with the
 * diff of the title.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';

const PAGE_LOAD = { timeout: 30_000 };

test('an edit is found in the audit log by its request’s correlation id, with its diff', async ({ page }) => {
  await signedIn(page, USERS.admin, '/governance?tab=audit');
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  const me = await (await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': me.tenant.id as string };
  const product = ((await (await page.request.get('/api/products?limit=1', { headers })).json()) as { data: { id: string; title: string }[] }).data[0];
  const title = `Audited ${Date.now()}`;
  const res = await page.request.put(`/api/products/${product.id}`, { headers: { ...headers, 'idempotency-key': crypto.randomUUID() }, data: { title } });
  expect(res.ok(), await res.text()).toBe(true);
  const correlationId = res.headers()['x-correlation-id'];
  expect(correlationId).toBeTruthy();

  await page.getByLabel('Correlation ID').fill(correlationId, PAGE_LOAD);
  await page.getByRole('button', { name: 'Apply' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  const row = table.getByRole('row', { name: new RegExp(product.id) });
  await expect(row).toHaveCount(1, PAGE_LOAD);
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: 'product.update' }).click();
  const drawer = page.getByRole('dialog');
  const changes = drawer.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: new RegExp(`title.*${title}`) })).toBeVisible();
  await expect(drawer.getByText(correlationId)).toBeVisible();
});
