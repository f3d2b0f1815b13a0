/**
 * The dashboard's feed and dead-letter notice over HTTP on a real database (docs/alerts.md
 * "Dashboard"): GET /dashboard/events lists the tenant's newest order, fulfillment, listing and alert
 * events in words, newest first, without the clocks' ticks or the platform's jobs, and only the
 * tenant's own; GET /dashboard/dlq counts the tenant's waiting dead letters. Every signed-in role reads
 * both. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { appendEvent } from '../../server/events/outbox';
import { deadLetter } from '../../server/events/dlq-store';
import { dashboardEvent, dlqNotice } from '../../contract/dashboard-feed';
import { z } from 'zod';

let h: Harness;
const call = (email: string, method: string, path: string) => callAs(h, email, method, path);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;
const inTenant = <R>(fn: Parameters<Harness['db']['transaction']>[0], tenantId: string = T) => h.db.transaction(fn, { tenantId }) as Promise<R>;

const feed = async (email = SELLER, limit?: number) => {
  const r = await call(email, 'GET', `/api/dashboard/events${limit ? `?limit=${limit}` : ''}`);
  expect(r.status).toBe(200);
  return z.array(dashboardEvent).parse(r.body.data);
};

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('GET /dashboard/events', () => {
  it('lists the newest events in words with their links, newest first, without ticks or platform jobs', async () => {
    const order = `feed-${Date.now()}`;
    await inTenant(async (tx) => {
      await appendEvent(tx, T, 'orders.status_changed', { id: order, from: 'pending', to: 'routed', reason: null });
      await appendEvent(tx, T, 'flags.updated', { name: 'enableBetaFeatures', enabled: true, previous: false });
      await appendEvent(tx, T, 'listings.violation_opened', { id: 'v1', listing_id: 'l1', sku: 'SKU-FEED', seller: 'Rogue', source: 'competitor', observed_price_cents: 1999, map_price_cents: 2499 });
      await appendEvent(tx, T, 'fulfillment.ticked', { tick: 1, answered: 0, confirmed: 0, rejected: 0, scans: 0, ticks: 1 });
    });
    const rows = await feed();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // newest first: the violation, then the status change (the flag change and the tick are not news)
    expect(rows[0]).toMatchObject({ subject: 'listings.violation_opened', severity: 'warning', summary: 'MAP violation on SKU-FEED: $19.99 below $24.99', metadata: { stream: 'PRICING', link: '/products?sku=SKU-FEED' } });
    expect(rows[1]).toMatchObject({ subject: 'orders.status_changed', summary: 'Order pending → routed', severity: 'info', metadata: { stream: 'ORDERS', link: `/orders/${order}` } });
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
    expect(rows.some((e) => e.subject.endsWith('.ticked') || e.subject === 'flags.updated')).toBe(false);
  });

  it('keeps at most the asked number (40 by default, the most a client keeps) and refuses more', async () => {
    expect((await feed(SELLER, 1)).length).toBe(1);
    expect((await feed()).length).toBeLessThanOrEqual(40);
    const r = await call(SELLER, 'GET', '/api/dashboard/events?limit=41');
    expect(r.status).toBe(400);
  });

  it("shows a tenant only its own events, to every signed-in role", async () => {
    const mine = await feed();
    for (const email of [AGENT, ADMIN]) expect((await feed(email))[0].id).toBe(mine[0].id);
    const theirs = await feed(NW);
    const nwOrder = `nw-${Date.now()}`;
    await inTenant(async (tx) => appendEvent(tx, NORTHWIND_TENANT.id, 'orders.cancelled', { id: nwOrder, from: 'pending', reason: 'test' }), NORTHWIND_TENANT.id);
    expect((await feed(NW))[0]).toMatchObject({ subject: 'orders.cancelled', summary: 'Order cancelled: test', severity: 'warning' });
    expect((await feed()).some((e) => e.metadata.link === `/orders/${nwOrder}`)).toBe(false);
    expect(theirs.every((e) => !mine.some((m) => m.id === e.id && m.summary === e.summary && m.timestamp === e.timestamp))).toBe(true);
  });

  it('an alert reads as its message with its severity', async () => {
    await inTenant(async (tx) =>
      appendEvent(tx, T, 'alerts.fulfillment_failed', {
        id: `ff-${Date.now()}`, type: 'fulfillment_failed', severity: 'critical', level: 'error', source: 'dropship', message: 'No supplier can ship order X',
        dlq_id: 7, order_id: 'ord-x', created_at: new Date().toISOString(),
      }),
    );
    expect((await feed())[0]).toMatchObject({ subject: 'alerts.fulfillment_failed', summary: 'No supplier can ship order X', severity: 'critical', metadata: { link: '/orders/ord-x' } });
  });
});

describe('GET /dashboard/dlq', () => {
  it("counts the tenant's waiting dead letters and its consumers' lag, for every role", async () => {
    const before = dlqNotice.parse((await call(SELLER, 'GET', '/api/dashboard/dlq')).body.data);
    await inTenant(async (tx) => {
      await appendEvent(tx, T, 'flags.updated', { name: 'enableBetaFeatures', enabled: false, previous: true });
      const { rows } = await tx.query<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [T]);
      await deadLetter(tx, { consumer: 'feed-test-consumer', seq: Number(rows[0].seq), attempts: 5, lastError: 'boom' });
    });
    for (const email of [SELLER, AGENT, ADMIN]) {
      const now = dlqNotice.parse((await call(email, 'GET', '/api/dashboard/dlq')).body.data);
      expect(now.pending).toBe(before.pending + 1);
      expect(now.consumer_lag).toBeGreaterThanOrEqual(0);
    }
    const nw = dlqNotice.parse((await call(NW, 'GET', '/api/dashboard/dlq')).body.data);
    expect(nw.pending).toBe(0);
  });
});
