/**
 * The alert queue over HTTP on a real database (docs/alerts.md): dead-letter arrivals and MAP
 * violation alerts fold into alerts in the transaction that writes them, repeats raise the count of
 * the open alert, a discard of the dead letters resolves theirs by automation; acknowledge, assign,
 * note and resolve change an alert once (two at once: one audit row, one event), in bulk by
 * selection or filter; needs-attention reads the queue and the DLQ; tenants are kept apart.
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { appendEvent } from '../../server/events/outbox';
import { deadLetter } from '../../server/events/dlq-store';
import { runtimeTx } from '../../server/events/runtime-tx';
import { alertRow, type AlertRow } from '../../contract/alerts';
import { needsAttentionItem } from '../../contract/needs-attention';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;
const CONSUMER = 'alerts-test-consumer';

const inTenant = <R>(fn: Parameters<Harness['db']['transaction']>[0], tenantId: string = T) => h.db.transaction(fn, { tenantId }) as Promise<R>;

/** A message of the tenant's log dead-lettered by CONSUMER, as the engines do it (server/events/dlq-store.ts). */
async function deadLetterOne(tenantId: string = T): Promise<void> {
  await inTenant(async (tx) => {
    await appendEvent(tx, tenantId, 'flags.updated', { name: 'enableBetaFeatures', enabled: true, previous: false });
    const { rows } = await tx.query<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [tenantId]);
    await deadLetter(tx, { consumer: CONSUMER, seq: Number(rows[0].seq), attempts: 5, lastError: 'boom' });
  }, tenantId);
}

async function mapAlert(listingId: string, sku: string) {
  await inTenant(async (tx) => {
    await appendEvent(tx, T, 'alerts.map_violation', {
      id: `map-${listingId}-${Math.random()}`, type: 'map_violation', severity: 'warning', level: 'warning', source: 'map-monitor',
      message: `MAP violation on ${sku}`, violation_id: 'v', listing_id: listingId, sku, created_at: new Date().toISOString(),
    });
  });
}

const open = async (email = SELLER, query = '', status = 'open') => {
  const r = await call(email, 'GET', `/api/alerts?status=${status}${query}`);
  expect(r.status).toBe(200);
  return (r.body.data as unknown[]).map((a) => alertRow.parse(a));
};
const byKey = (rows: AlertRow[], key: string) => rows.filter((a) => a.key === key);
const auditCount = async (action: string, id: string) =>
  Number((await inTenant<{ n: string }[]>(async (tx) => (await tx.query<{ n: string }>('select count(*) as n from audit_log where action = $1 and resource_id = $2', [action, id])).rows))[0].n);
const changedEvents = async (id: string) =>
  Number((await inTenant<{ n: string }[]>(async (tx) => (await tx.query<{ n: string }>(`select count(*) as n from events where subject = 'alert_queue.changed' and payload->'ids' ? $1`, [id])).rows))[0].n);

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('folding', () => {
  it('a dead-letter arrival opens an alert; a second one raises its count; discarding them resolves it by automation', async () => {
    await deadLetterOne();
    let rows = byKey(await open(), `consumer:${CONSUMER}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'dead_letter', severity: 'high', level: 'error', source: CONSUMER, count: 1, status: 'open', link: `/streams?tab=dlq&consumer=${CONSUMER}` });
    await deadLetterOne();
    rows = byKey(await open(), `consumer:${CONSUMER}`);
    expect(rows.map((a) => a.count)).toEqual([2]);

    const d = await call(ADMIN, 'POST', '/api/dlq/discard', { filter: { consumer: CONSUMER }, reason: 'test letters' });
    expect(d.status).toBe(200);
    expect(d.body.data.discarded).toHaveLength(2);
    expect(byKey(await open(), `consumer:${CONSUMER}`)).toEqual([]);
    const resolved = byKey((await call(SELLER, 'GET', `/api/alerts?status=resolved&search=${CONSUMER}`)).body.data as AlertRow[], `consumer:${CONSUMER}`);
    expect(resolved.map((a) => [a.count, a.resolved_by])).toEqual([[2, 'automation']]);
    // a new letter after the resolution opens a new alert
    await deadLetterOne();
    expect(byKey(await open(), `consumer:${CONSUMER}`).map((a) => a.count)).toEqual([1]);
  });

  it("the event runtime's own dead-lettering (a runtime transaction across tenants) folds the alert with it", async () => {
    const seq = await inTenant<number>(async (tx) => {
      await appendEvent(tx, T, 'flags.updated', { name: 'enableBetaFeatures', enabled: false, previous: true });
      return Number((await tx.query<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [T])).rows[0].seq);
    });
    const tenant = await runtimeTx(h.db, (tx) => deadLetter(tx, { consumer: 'alerts-runtime-consumer', seq, attempts: 5, lastError: 'boom' }));
    expect(tenant).toBe(T);
    expect(byKey(await open(), 'consumer:alerts-runtime-consumer').map((a) => [a.count, a.source])).toEqual([[1, 'alerts-runtime-consumer']]);
  });

  it('MAP violation alerts fold per listing', async () => {
    await mapAlert('11111111-1111-4111-8111-111111111111', 'SKU-A');
    await mapAlert('11111111-1111-4111-8111-111111111111', 'SKU-A');
    await mapAlert('22222222-2222-4222-8222-222222222222', 'SKU-B');
    const rows = await open(SELLER, '&type=map_violation');
    expect(rows.map((a) => [a.key, a.count, a.link]).sort()).toEqual([
      ['listing:11111111-1111-4111-8111-111111111111', 2, '/listings?search=SKU-A'],
      ['listing:22222222-2222-4222-8222-222222222222', 1, '/listings?search=SKU-B'],
    ]);
    const recent = await call(SELLER, 'GET', '/api/alerts/recent?limit=2&range=1h');
    expect(recent.status).toBe(200);
    expect(recent.body.data).toHaveLength(2);
  });
});

describe('a person works the queue', () => {
  it('acknowledge, assign, note and resolve: each changes the alert once, audited; a repeat changes nothing', async () => {
    const [a] = await open(SELLER, '&type=map_violation&search=SKU-B');
    // two tabs acknowledge at once: one change, one audit row, one event
    const [r1, r2] = await Promise.all([call(SELLER, 'POST', `/api/alerts/${a.id}/acknowledge`), call(AGENT, 'POST', `/api/alerts/${a.id}/acknowledge`)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.body.data.status).toBe('acknowledged');
    expect(r2.body.data.status).toBe('acknowledged');
    expect(await auditCount('alert.acknowledge', a.id)).toBe(1);
    expect(await changedEvents(a.id)).toBe(1);

    const as = await call(SELLER, 'POST', `/api/alerts/${a.id}/assign`, { assignee: 'Agent@demo.local' });
    expect(as.status).toBe(200);
    expect(as.body.data.assignee).toBe('agent@demo.local');
    expect((await open(AGENT, '&assignee=me')).map((x) => x.id)).toContain(a.id);
    const stranger = await call(SELLER, 'POST', `/api/alerts/${a.id}/assign`, { assignee: 'owner@northwind.local' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors.assignee).toMatch(/not a member of this tenant/);

    expect((await call(SELLER, 'POST', `/api/alerts/${a.id}/note`, { note: 'Asked the brand about it' })).body.data.note).toBe('Asked the brand about it');
    const bad = await call(SELLER, 'POST', `/api/alerts/${a.id}/note`, {});
    expect(bad.status).toBe(400);

    const res = await call(SELLER, 'POST', `/api/alerts/${a.id}/resolve`);
    expect(res.body.data).toMatchObject({ status: 'resolved', resolved: true, resolved_by: SELLER });
    expect((await call(SELLER, 'POST', `/api/alerts/${a.id}/resolve`)).status).toBe(200);
    expect(await auditCount('alert.resolve', a.id)).toBe(1);
    const late = await call(SELLER, 'POST', `/api/alerts/${a.id}/acknowledge`);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This alert is resolved: it can no longer be acknowledged');
    expect((await call(SELLER, 'POST', '/api/alerts/8d7b2a52-9d0e-4f55-9a0e-2b8d8f0e0a11/resolve')).status).toBe(404);
  });

  it('bulk by filter acknowledges every open alert it matches once; a second bulk changes none', async () => {
    const before = await open(SELLER, '&type=map_violation');
    expect(before.length).toBeGreaterThan(0);
    const b = await call(SELLER, 'POST', '/api/alerts/bulk', { action: 'acknowledge', filter: { type: 'map_violation' } });
    expect(b.status).toBe(200);
    expect(b.body.data.changed.sort()).toEqual(before.filter((a) => !a.acknowledged).map((a) => a.id).sort());
    const again = await call(SELLER, 'POST', '/api/alerts/bulk', { action: 'acknowledge', filter: { type: 'map_violation' } });
    expect(again.body.data).toEqual({ changed: [], skipped: before.length });
    const bad = await call(SELLER, 'POST', '/api/alerts/bulk', { action: 'resolve' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ids).toBe('give either ids or filter');
  });

  it('sorts by severity, most urgent first, and pages on the server', async () => {
    await mapAlert('33333333-3333-4333-8333-333333333333', 'SKU-C');
    const r = await call(SELLER, 'GET', '/api/alerts?status=all&sort=severity&order=desc&limit=1');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.pagination.total).toBeGreaterThan(1);
    expect(r.body.data[0].severity).toBe('high');
  });
});

describe('needs attention and tenants', () => {
  it('lists more than 10 pending dead letters as a warning, and the dead-letter alert is an error of the last day', async () => {
    for (let i = 0; i < 11; i++) await deadLetterOne();
    const r = await call(SELLER, 'GET', '/api/dashboard/needs-attention');
    expect(r.status).toBe(200);
    const items = (r.body.data as unknown[]).map((x) => needsAttentionItem.parse(x));
    expect(items[0]).toMatchObject({ id: 'dlq-pending', severity: 'warning', priority: 3 });
    expect(items.some((i) => i.priority === 7 && i.deepLink === `/streams?tab=dlq&consumer=${CONSUMER}`)).toBe(true);
    const summary = await call(SELLER, 'GET', '/api/alerts/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.data.dlq_pending).toBeGreaterThanOrEqual(11);
    expect(summary.body.data.open).toBe((await open()).length);
    const health = await call(SELLER, 'GET', '/api/alerts/agent-health');
    expect(health.status).toBe(200);
    expect(Array.isArray(health.body.data)).toBe(true);
  });

  it("another tenant sees none of these alerts and cannot act on them; a signed-out caller is refused", async () => {
    const mine = await open(SELLER, '', 'all');
    expect(mine.length).toBeGreaterThan(0);
    expect((await call(NW, 'GET', '/api/alerts?status=all')).body.data).toEqual([]);
    expect((await call(NW, 'POST', `/api/alerts/${mine[0].id}/resolve`)).status).toBe(404);
    expect((await call(NW, 'POST', '/api/alerts/bulk', { action: 'resolve', ids: [mine[0].id] })).body.data).toEqual({ changed: [], skipped: 1 });
    await deadLetterOne(NORTHWIND_TENANT.id);
    expect((await call(NW, 'GET', '/api/alerts')).body.data).toHaveLength(1);
    expect((await fetch(`${h.url}/api/alerts`)).status).toBe(401);
  });
});
