/**
 * docs/events.md and performance note: a tab opens exactly one EventSource (the combined stream), and a
 * table of a live resource refreshes when a matching event arrives — no reload, no polling.
 */
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';
import { SSE_STREAMS } from '../contract/events';

test('the orders table refreshes on a live event, over the one stream of the tab', async ({ page }) => {
  const streams: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/stream')) streams.push(r.url());
  });
  await signedIn(page, USERS.seller);
  // an order a person can still cancel, and its status: the list filtered by it shows the order (an
  // earlier spec may have switched automation on, which takes the pending orders in)
  const api = await pageApi(page);
  const open = await api.get<{ data: { id: string; status: string }[] }>('/orders?status=pending,routed,ordered_from_supplier&limit=1');
  const status = open.data[0].status;
  // count from the next page load on: the signed-in landing page may still be opening its own
  // stream, so leave it first (a document that is gone asks for nothing more)
  await page.goto('about:blank');
  streams.length = 0;
  await page.goto(`/orders?status=${status}`);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // the first cell is the row's selection checkbox (bulk actions), the order id the second
  const firstId = (await rows.first().locator('td').nth(1).innerText()).trim();
  expect(firstId).toMatch(/^ORD-/);

  // another client (the API, as a second tab would) cancels that order
  await api.post(`/orders/${firstId}/cancel`, { reason: 'e2e: cancelled in another tab' });

  // the filtered list drops it by itself
  await expect(page.locator('.ant-table-tbody tr.ant-table-row', { hasText: firstId })).toHaveCount(0, { timeout: 15_000 });
  expect(page.url()).toContain(`/orders?status=${status}`);

  // one EventSource for the whole tab: moving between pages keeps the one combined stream
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  expect(streams).toHaveLength(1);
  const url = new URL(streams[0]);
  expect(url.pathname).toBe('/api/stream');
  // every SSE stream of the contract, once
  expect(url.searchParams.get('streams')?.split(',').sort()).toEqual([...SSE_STREAMS].sort());
  expect(url.searchParams.get('token')).toBeTruthy();
});
