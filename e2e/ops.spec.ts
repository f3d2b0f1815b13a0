/**
 * A webhook to a closed port lands in the DLQ, shown on /ops/dlq; replay after pointing it at a live
 * test receiver clears it (docs/events.md "Webhooks", docs/ops-ui.md "Commands"). As an admin, through
 * the console: create the webhook, trigger an order event, watch the failed delivery reach the DLQ,
 * point the webhook at a receiver started here, replay from /ops/dlq, and see the receiver get the
 * event and the entry clear. Meanwhile a dashboard open in a second tab shows the Dead Letter Queue
 * alert and the dead letter's needs-attention item as they happen, without a reload.
 *
 * Dead-lettering takes max_deliver attempts with the server's backoff: the e2e server should run with
 * a short EVENTS_BACKOFF_MS (docs/events.md); with the default backoff this test needs ~3 minutes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signedIn, USERS } from './support/sign-in';
import { pageApi } from './support/page-api';

const DLQ_WAIT_MS = 240_000;

interface Received { subject: string; data: { id?: string; to?: string }; signature: string | undefined }

/** A port nobody listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The webhook receiver: answers 204 and keeps what it got. */
async function receiver(): Promise<{ url: string; got: Received[]; server: Server }> {
  const got: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const json = JSON.parse(body) as { subject: string; data: Received['data'] };
      got.push({ subject: json.subject, data: json.data, signature: req.headers['x-webhook-signature'] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, got, server };
}

test('a webhook to a closed port dead-letters on /ops/dlq, and a replay to a live receiver clears it', async ({ page }) => {
  test.setTimeout(DLQ_WAIT_MS + 120_000);
  const deadUrl = `http://127.0.0.1:${await closedPort()}/hook`;
  const live = await receiver();
  let api: Awaited<ReturnType<typeof pageApi>> | null = null;
  try {
    await signedIn(page, USERS.admin, '/settings');

    // 1. the webhook, created on the settings page (its section's heading links to the webhooks page; the
    // page's section list has a "Webhooks" entry too); its secret is shown once
    await page.getByRole('region', { name: 'Webhooks' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await page.getByRole('button', { name: 'New webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'New webhook' });
    await form.getByLabel('Endpoint URL').fill(deadUrl);
    await form.getByLabel('Subjects').fill('orders.*');
    await form.getByLabel('Subjects').press('Enter');
    await form.getByLabel('Description').fill('e2e closed port');
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await expect(page.getByText(deadUrl, { exact: true })).toBeVisible();

    // a dashboard in a second tab of the same session, marked to tell a reload apart
    const dashboard = await page.context().newPage();
    await dashboard.goto('/dashboard');
    await expect(dashboard.getByRole('heading', { name: 'Needs Attention' })).toBeVisible();
    await dashboard.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // 2. an order event, through the API with the page's own session
    const client = await pageApi(page);
    api = client;
    // an order a person can still cancel (an earlier spec may have switched automation on, which takes the pending ones in)
    const cancellable = await client.get<{ data: { id: string }[] }>('/orders?status=pending,routed,ordered_from_supplier&limit=1');
    const orderId = cancellable.data[0].id;
    await client.post(`/orders/${encodeURIComponent(orderId)}/cancel`, { reason: 'e2e webhook' });

    // 3. the failed delivery reaches the DLQ after max_deliver attempts
    let entryId = 0;
    await expect
      .poll(
        async () => {
          const dlq = await client.get<{ data: { id: number; payload: { id?: string } }[] }>('/dlq?consumer=webhooks&subject=orders.status_changed&limit=100');
          entryId = dlq.data.find((d) => d.payload.id === orderId)?.id ?? 0;
          return entryId;
        },
        { timeout: DLQ_WAIT_MS, intervals: [1_000, 2_000, 5_000] },
      )
      .toBeGreaterThan(0);

    // …the dashboard shows the Dead Letter Queue alert and the letter's needs-attention item live
    const banner = dashboard.getByRole('alert').filter({ hasText: 'Dead Letter Queue Alert' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText(/\d+ messages? (is|are) waiting in the dead-letter queue/);
    await expect(banner.getByRole('link', { name: 'Review the dead letters' })).toHaveAttribute('href', '/streams?tab=dlq');
    const item = dashboard.getByRole('list', { name: 'Needs attention' }).getByRole('link', { name: /^webhooks gave up on a orders\.\w+ message/ });
    await expect(item).toBeVisible({ timeout: 30_000 });
    await expect(item).toHaveAttribute('href', '/streams?tab=dlq&consumer=webhooks');
    expect(await dashboard.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await dashboard.close();

    // 4. …and is on /ops/dlq, with its payload and error
    await page.goto('/ops/dlq?consumer=webhooks');
    const open = page.getByRole('button', { name: `Open dead letter ${entryId} orders.status_changed` });
    await expect(open).toBeVisible();
    await open.click();
    const drawer = page.getByRole('dialog', { name: `Dead letter #${entryId}` });
    await expect(drawer.getByRole('group', { name: 'Payload' })).toContainText(orderId);
    await expect(drawer.getByText('Last error')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();

    // 5. the webhook now points at the live receiver
    await page.goto('/settings/webhooks');
    await page.getByRole('button', { name: `Edit ${deadUrl}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await edit.getByLabel('Endpoint URL').fill(live.url);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(live.url, { exact: true })).toBeVisible();

    // 6. replay from /ops/dlq, confirmed
    await page.goto('/ops/dlq?consumer=webhooks');
    await page.getByRole('button', { name: `Replay dead letter ${entryId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Replay this message?' });
    await confirm.getByRole('button', { name: 'Replay', exact: true }).click();
    const result = page.getByRole('dialog', { name: 'Replaying finished' });
    await expect(result.getByText('1 of 1 done')).toBeVisible();
    await result.locator('button', { hasText: 'Close' }).click();

    // 7. the receiver got the event, signed, and the entry left the pending list
    await expect.poll(() => live.got.filter((g) => g.subject === 'orders.status_changed' && g.data.id === orderId).length, { timeout: 30_000 }).toBe(1);
    expect(live.got.find((g) => g.data.id === orderId)?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    await page.reload();
    await expect(page.getByText(/pending messages?$/)).toBeVisible();
    await expect(page.getByRole('button', { name: `Open dead letter ${entryId} orders.status_changed` })).toHaveCount(0);
    const after = await client.get<{ data: { status: string } }>(`/dlq/${entryId}`);
    expect(after.data.status).toBe('replayed');
  } finally {
    // leave no endpoint behind: a rerun on a reused server must not deliver to this run's receiver
    const hooks = api ? await api.get<{ data: { id: string; url: string }[] }>('/webhooks') : { data: [] };
    for (const w of hooks.data.filter((h) => h.url === deadUrl || h.url === live.url)) await api!.delete(`/webhooks/${w.id}`);
    live.server.close();
  }
});
