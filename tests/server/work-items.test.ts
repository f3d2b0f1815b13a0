/**
 * Work items over HTTP on a real database (docs/alerts.md "Work items"): orders on hold and the
 * dropshipping automation's dead letters listed together, the oldest first, by kind, searched by
 * order number or SKU, each with its reason and the action that clears it; the actions (release the
 * hold, replay the step) take effect once when clicked twice at once, and the item leaves the list;
 * tenants are kept apart. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { appendEvent } from '../../server/events/outbox';
import { deadLetter } from '../../server/events/dlq-store';
import { workItemRow, type WorkItemRow } from '../../contract/work-items';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;

const inTenant = <R>(fn: Parameters<Harness['db']['transaction']>[0]) => h.db.transaction(fn, { tenantId: T }) as Promise<R>;
const q = async <R>(sql: string, params: unknown[] = []) => inTenant<R[]>(async (tx) => (await tx.query(sql, params)).rows);

const items = async (email = SELLER, query = '') => {
  const r = await call(email, 'GET', `/api/work/items?limit=200${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { rows: (r.body.data as unknown[]).map((x) => workItemRow.parse(x)), total: r.body.pagination.total as number };
};
const ids = (rows: WorkItemRow[]) => rows.map((r) => r.id);

let held: string; // held by a person: "Release hold"
let blocked: string; // an unmapped SKU: "Choose supplier"
let failed: string; // its label step dead-lettered: "Retry label"
let failedSku: string;
let dlqId: string;

beforeAll(async () => {
  h = await startServer();
  const pending = await q<{ id: string; skus: string }>(
    `select id, skus from orders where tenant_id = $1 and status = 'pending' and hold_reason is null and skus <> '' order by id limit 3`, [T],
  );
  expect(pending).toHaveLength(3);
  [held, blocked, failed] = pending.map((o) => o.id);
  failedSku = pending[2].skus.split(' ')[0];
  const r = await call(ADMIN, 'POST', `/api/orders/${held}/hold`, { reason: 'Check the address with the buyer' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // the router's block, a day older than everything else
  await q(`update orders set hold_reason = 'unmapped SKU', held_at = now() - interval '30 days' where tenant_id = $1 and id = $2`, [T, blocked]);
  // the label step gave up on a confirmation of this order (a pending order: a replay finds nothing to label)
  dlqId = await inTenant<string>(async (tx) => {
    await appendEvent(tx, T, 'fulfillment.po_confirmed', { id: 'po-test', number: 'PO-TEST', order_id: failed, supplier_id: 'sup-test', attempt: 1, reference: 'SUP-1' });
    const { rows } = await tx.query<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [T]);
    await deadLetter(tx, { consumer: 'dropship-labels', seq: Number(rows[0].seq), attempts: 5, lastError: 'carrier unavailable (503)' });
    return String((await tx.query<{ id: string }>(`select id from dlq_entries where tenant_id = $1 and consumer = 'dropship-labels' order by id desc limit 1`, [T])).rows[0].id);
  });
}, 120_000);
afterAll(async () => h?.close());

describe('GET /api/work/items', () => {
  it('lists holds and failures with their reason and the action that clears them', async () => {
    const { rows } = await items();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(`hold:${held}`)).toMatchObject({
      kind: 'hold', order_id: held, action: 'release_hold', action_label: 'Release hold', step: null, dlq_id: null, order_status: 'pending',
      reason: 'Check the address with the buyer (held by admin@demo.local)',
    });
    expect(byId.get(`hold:${blocked}`)).toMatchObject({ kind: 'hold', order_id: blocked, action: 'choose_supplier', action_label: 'Choose supplier', reason: 'unmapped SKU' });
    expect(byId.get(`dlq:${dlqId}`)).toMatchObject({
      kind: 'automation_failure', order_id: failed, step: 'label', action: 'retry', action_label: 'Retry label', dlq_id: dlqId, attempts: 5,
      reason: 'carrier unavailable (503)', order_status: 'pending',
    });
    expect(byId.get(`dlq:${dlqId}`)!.skus).toContain(failedSku);
  });

  it('sorts by age, the oldest first by default; pages on the server', async () => {
    const { rows, total } = await items();
    const since = rows.map((r) => Date.parse(r.since));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    expect(rows[0].id).toBe(`hold:${blocked}`);
    const newest = await items(SELLER, '&sort=age&order=asc');
    expect(newest.rows.map((r) => Date.parse(r.since))).toEqual([...since].sort((a, b) => b - a));
    const page = await call(SELLER, 'GET', '/api/work/items?limit=1&offset=1');
    expect(page.body.pagination).toEqual({ total, limit: 1, offset: 1 });
    expect(page.body.data.map((x: WorkItemRow) => x.id)).toEqual([rows[1].id]);
  });

  it('filters by kind and searches by order number or SKU', async () => {
    const holds = await items(SELLER, '&kind=hold');
    expect(holds.rows.every((r) => r.kind === 'hold')).toBe(true);
    expect(ids(holds.rows)).toEqual(expect.arrayContaining([`hold:${held}`, `hold:${blocked}`]));
    const failures = await items(SELLER, '&kind=automation_failure');
    expect(ids(failures.rows)).toEqual([`dlq:${dlqId}`]);
    expect(ids((await items(SELLER, `&search=${held.toLowerCase()}`)).rows)).toEqual([`hold:${held}`]);
    expect(ids((await items(SELLER, `&search=${encodeURIComponent(failedSku)}&kind=automation_failure`)).rows)).toEqual([`dlq:${dlqId}`]);
    expect((await items(SELLER, '&search=%25')).total).toBe(0);
  });

  it('answers 400 with the field for a bad query; every role reads; another tenant sees none of it', async () => {
    const bad = await call(SELLER, 'GET', '/api/work/items?kind=everything&sort=name');
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['kind', 'sort']);
    for (const who of [ADMIN, AGENT, SELLER]) expect((await items(who)).total).toBeGreaterThanOrEqual(3);
    const nw = await items(NW);
    expect(nw.rows.some((r) => [held, blocked, failed].includes(r.order_id ?? ''))).toBe(false);
    expect(nw.rows.some((r) => r.id === `dlq:${dlqId}`)).toBe(false);
  });
});

describe('clearing an item', () => {
  it('"Release hold" clicked twice at once releases once (one audit row, one event) and the item leaves', async () => {
    const [a, b] = await Promise.all([call(SELLER, 'POST', `/api/orders/${held}/release-hold`), call(SELLER, 'POST', `/api/orders/${held}/release-hold`)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.code).toBe('not_held');
    const audits = await q<{ n: string }>(`select count(*) as n from audit_log where action = 'order.release_hold' and resource_id = $1`, [held]);
    expect(Number(audits[0].n)).toBe(1);
    const events = await q<{ n: string }>(`select count(*) as n from events where tenant_id = $1 and subject = 'fulfillment.released' and payload->>'order_id' = $2`, [T, held]);
    expect(Number(events[0].n)).toBe(1);
    expect(ids((await items()).rows)).not.toContain(`hold:${held}`);
  });

  it('"Retry label" (the dead letter replayed) clicked twice at once replays once and the item leaves', async () => {
    const [a, b] = await Promise.all([call(AGENT, 'POST', `/api/dlq/${dlqId}/replay`), call(AGENT, 'POST', `/api/dlq/${dlqId}/replay`)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const audits = await q<{ n: string }>(`select count(*) as n from audit_log where action = 'dlq_message.replay' and resource_id = $1`, [dlqId]);
    expect(Number(audits[0].n)).toBe(1);
    expect(ids((await items()).rows)).not.toContain(`dlq:${dlqId}`);
    // a seller reads the item but the retry is an operator's (ops:dlq)
    expect((await call(SELLER, 'POST', `/api/dlq/${dlqId}/replay`)).status).toBe(403);
  });
});
