/**
 * The dashboard's pipeline backlog, recent actions and net revenue change (docs/dashboard.md) over
 * HTTP on a real database: orders seeded into each stage with known waits move each stage's count and
 * oldest age exactly (older than anything the demo store holds, so they are the oldest); orders past
 * the pipeline count nowhere; each tenant counts its own; sellers read the backlog and not the audit
 * log; recent actions read newest first in words with their links; the summary's `compare=month`
 * answers the same days of last month, clamped at its end, with their net revenue. The stages kept
 * by the writes (0058_order_pipeline.sql) agree with the same rules applied to the orders, purchase
 * orders and labels, also when two transactions move one order at once through different tables.
 * PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { pipelineBacklog, recentAction, type PipelineStage, type PipelineStageKey } from '../../contract/dashboard';
import { analyticsSummary } from '../../contract/analytics';
import { sameDaysLastMonth } from '../../contract/month-change';
import type { Tx } from '../../server/db';
import { PIPELINE_DETAIL_SQL, PIPELINE_SQL } from '../../server/api/dashboard/pipeline-backlog';

let h: Harness;
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
const T = DEMO_TENANT.id;

const DAY = 86_400_000;
const NOW = Date.now();
/** An instant `d` days ago, to the millisecond PostgreSQL keeps (microseconds: ms are exact). */
const daysAgo = (d: number) => new Date(NOW - d * DAY).toISOString();
const SHIP_TO = '{"name":"Ada Buyer","line1":"1 Main St","line2":"","city":"Austin","region":"TX","postal_code":"78701","country":"US"}';

const inTenant = <R>(fn: (tx: Tx) => Promise<R>, tenantId: string = T) => h.db.transaction(fn, { tenantId }) as Promise<R>;

async function backlog(email = SELLER): Promise<Record<PipelineStageKey, PipelineStage>> {
  const r = await callAs(h, email, 'GET', '/api/dashboard/pipeline-backlog');
  expect(r.status).toBe(200);
  const b = pipelineBacklog.parse(r.body.data);
  expect(b.stages.map((s) => s.key)).toEqual(['intake', 'routing', 'supplier', 'label', 'tracking']);
  return Object.fromEntries(b.stages.map((s) => [s.key, s])) as Record<PipelineStageKey, PipelineStage>;
}

/** An order in `status` since `statusAt` (its arrival when omitted: what the insert trigger of 0047_order_status_at.sql sets). */
async function order(tx: Tx, status: string, createdAt: string, hold: string | null = null, statusAt: string | null = null): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into orders (tenant_id, marketplace, status, total_cents, subtotal_cents, items_count, created_at, updated_at, ship_to_country, ship_to, hold_reason, held_at, status_at)
     values ($1, 'ebay', $2, 5000, 5000, 1, $3, $3, 'US', $4, $5, case when $5::text is null then null else $3::timestamptz end, $6) returning id`,
    [T, status, createdAt, SHIP_TO, hold, statusAt],
  );
  return rows[0].id;
}
const entered = (tx: Tx, id: string, to: string, at: string) =>
  tx.query(`insert into order_status_history (tenant_id, order_id, from_status, to_status, actor, at) values ($1, $2, null, $3, 'test', $4)`, [T, id, to, at]);
async function po(tx: Tx, orderId: string, supplierId: string, status: string, createdAt: string, updatedAt = createdAt) {
  await tx.query(
    `insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, status, total_cents, created_at, updated_at) values ($1, $2, $3, 1, $4, 1000, $5, $6)`,
    [T, orderId, supplierId, status, createdAt, updatedAt],
  );
}
let tracking = 0;
async function label(tx: Tx, orderId: string, status: string, boughtAt: string, voidedAt: string | null = null) {
  tracking += 1;
  await tx.query(
    `insert into shipments (tenant_id, order_id, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country, status, bought_at, voided_at)
     values ($1, $2, 'usps', 'ground_advantage', 1, 500, 300, $3, 'US', 'US', $4, $5, $6)`,
    [T, orderId, `BACKLOG${NOW}${tracking}`, status, boughtAt, voidedAt],
  );
}

let before: Record<PipelineStageKey, PipelineStage>;
let nwBefore: Record<PipelineStageKey, PipelineStage>;
let routedId = '';

beforeAll(async () => {
  h = await startServer();
  before = await backlog();
  nwBefore = await backlog(NW);
  await inTenant(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by id limit 2', [T]);
    const [s1, s2] = rows.map((r) => r.id);
    // intake: two pending, one of them held; the oldest arrived 500 days ago
    await order(tx, 'pending', daysAgo(500));
    await order(tx, 'pending', daysAgo(400), 'margin below 40% (test)');
    // routing: arrived 450 days ago, routed 300 days ago
    routedId = await order(tx, 'routed', daysAgo(450), null, daysAgo(300));
    await entered(tx, routedId, 'routed', daysAgo(300));
    // supplier: one purchase order placed 350 days ago and not answered, another confirmed
    const waiting = await order(tx, 'ordered_from_supplier', daysAgo(360));
    await po(tx, waiting, s1, 'placed', daysAgo(350));
    await po(tx, waiting, s2, 'confirmed', daysAgo(350), daysAgo(340));
    // label: placed 335 days ago, confirmed 320 days ago (it waits for its label since)
    const ready = await order(tx, 'ordered_from_supplier', daysAgo(340), null, daysAgo(335));
    await entered(tx, ready, 'ordered_from_supplier', daysAgo(335));
    await po(tx, ready, s1, 'confirmed', daysAgo(335), daysAgo(320));
    // label, on hold: its label would have cost more than the margin
    const heldReady = await order(tx, 'ordered_from_supplier', daysAgo(250), 'label would cost more than the margin (test)', daysAgo(245));
    await entered(tx, heldReady, 'ordered_from_supplier', daysAgo(245));
    await po(tx, heldReady, s1, 'confirmed', daysAgo(245), daysAgo(240));
    // label: shipped on a label voided 310 days ago (the parcel never left)
    const voided = await order(tx, 'shipped', daysAgo(330), null, daysAgo(315));
    await entered(tx, voided, 'shipped', daysAgo(315));
    await po(tx, voided, s1, 'confirmed', daysAgo(325), daysAgo(318));
    await label(tx, voided, 'voided', daysAgo(315), daysAgo(310));
    // tracking: a label bought 345 days ago the carrier never scanned
    const unscanned = await order(tx, 'shipped', daysAgo(355));
    await po(tx, unscanned, s1, 'confirmed', daysAgo(350), daysAgo(348));
    await label(tx, unscanned, 'label_created', daysAgo(345));
    // past the pipeline, or out of it: counted nowhere (moving with the carrier, a label bought on an
    // order still marked ordered from its supplier, relabelled after a void and moving, delivered, cancelled)
    const moving = await order(tx, 'shipped', daysAgo(600));
    await label(tx, moving, 'in_transit', daysAgo(599));
    const relabelled = await order(tx, 'ordered_from_supplier', daysAgo(600));
    await po(tx, relabelled, s1, 'confirmed', daysAgo(600), daysAgo(599));
    await label(tx, relabelled, 'label_created', daysAgo(598));
    const newLabel = await order(tx, 'shipped', daysAgo(600), null, daysAgo(600));
    await label(tx, newLabel, 'voided', daysAgo(599), daysAgo(598));
    await label(tx, newLabel, 'in_transit', daysAgo(597));
    await order(tx, 'delivered', daysAgo(600));
    await order(tx, 'cancelled', daysAgo(600));
  });
}, 120_000);
afterAll(async () => h?.close());

describe('pipeline backlog', () => {
  it('counts each stage and ages its longest wait exactly', async () => {
    const after = await backlog();
    const delta = (k: PipelineStageKey) => ({ count: after[k].count - before[k].count, held: after[k].held - before[k].held });
    expect(delta('intake')).toEqual({ count: 2, held: 1 });
    expect(delta('routing')).toEqual({ count: 1, held: 0 });
    expect(delta('supplier')).toEqual({ count: 1, held: 0 });
    expect(delta('label')).toEqual({ count: 3, held: 1 });
    expect(delta('tracking')).toEqual({ count: 1, held: 0 });
    // the seeded waits are older than anything the demo store holds
    for (const k of ['intake', 'routing', 'supplier', 'label', 'tracking'] as const) {
      if (before[k].oldest_at) expect(Date.parse(before[k].oldest_at!), k).toBeGreaterThan(NOW - 200 * DAY);
    }
    expect(after.intake.oldest_at).toBe(daysAgo(500));
    expect(after.routing.oldest_at).toBe(daysAgo(300));
    expect(after.supplier.oldest_at).toBe(daysAgo(350));
    // the shipped order whose label was voided waits since the void (310), the confirmed one since 320
    expect(after.label.oldest_at).toBe(daysAgo(320));
    expect(after.tracking.oldest_at).toBe(daysAgo(345));
  });

  it('an empty stage answers 0 and no age', async () => {
    await inTenant(async (tx) => {
      await tx.query(`update orders set status = 'ordered_from_supplier' where tenant_id = $1 and id = $2`, [T, routedId]);
      await tx.query(`insert into purchase_orders (tenant_id, order_id, supplier_id, attempt, status, total_cents)
                      select $1, $2, id, 1, 'placed', 1000 from suppliers where tenant_id = $1 order by id limit 1`, [T, routedId]);
    });
    const after = await backlog();
    expect(after.routing.count).toBe(before.routing.count);
    if (before.routing.count === 0) expect(after.routing.oldest_at).toBeNull();
    expect(after.supplier.count).toBe(before.supplier.count + 2);
  });

  it('a status change sets since when the order is in its status, other writes keep it (0047_order_status_at.sql)', async () => {
    const at = await inTenant(async (tx) => {
      const id = await order(tx, 'pending', daysAgo(700));
      const arrived = (await tx.query<{ status_at: Date }>('select status_at from orders where tenant_id = $1 and id = $2', [T, id])).rows[0].status_at;
      await tx.query(`update orders set status = 'cancelled' where tenant_id = $1 and id = $2`, [T, id]);
      const moved = (await tx.query<{ status_at: Date; now: Date }>('select status_at, now() as now from orders where tenant_id = $1 and id = $2', [T, id])).rows[0];
      await tx.query(`update orders set customer_name = 'Someone' where tenant_id = $1 and id = $2`, [T, id]);
      const kept = (await tx.query<{ status_at: Date }>('select status_at from orders where tenant_id = $1 and id = $2', [T, id])).rows[0].status_at;
      return { arrived: new Date(arrived).toISOString(), moved: new Date(moved.status_at).toISOString(), now: new Date(moved.now).toISOString(), kept: new Date(kept).toISOString() };
    });
    expect(at.arrived).toBe(daysAgo(700));
    expect(at.moved).toBe(at.now);
    expect(at.kept).toBe(at.moved);
  });

  it('the stages the writes keep agree with the orders, purchase orders and labels themselves', async () => {
    // both in one statement, so one snapshot: the automation keeps moving the demo store's orders
    const both = async (tenantId: string) => inTenant(async (tx) => (await tx.query<{ kept: unknown; detail: unknown }>(
      `select (select coalesce(json_agg(k order by k.key), '[]') from (${PIPELINE_SQL}) k) as kept,
              (select coalesce(json_agg(d order by d.key), '[]') from (${PIPELINE_DETAIL_SQL}) d) as detail`, [tenantId])).rows[0], tenantId);
    // and after more moves of each kind: a purchase order answered, a label voided, an order released
    await inTenant(async (tx) => {
      await tx.query(`update purchase_orders set status = 'confirmed', updated_at = now() where tenant_id = $1 and order_id = $2`, [T, routedId]);
      await tx.query(`update shipments set status = 'voided', voided_at = now() where tenant_id = $1 and tracking_number like $2 and status = 'label_created'`, [T, `BACKLOG${NOW}%`]);
      await tx.query(`update orders set hold_reason = null, held_at = null where tenant_id = $1 and hold_reason like '%(test)'`, [T]);
    });
    for (const tenantId of [T, NORTHWIND_TENANT.id]) {
      const r = await both(tenantId);
      expect(r.kept, tenantId).toEqual(r.detail);
    }
    expect((await both(T)).kept).not.toEqual([]);
  });

  it('two transactions moving one order through different tables at once leave the stage of both moves', async () => {
    // an order waiting for its supplier; one transaction confirms the purchase order (label stage)
    // while another holds the order: the second computes after the first commits
    const { id, po: poId } = await inTenant(async (tx) => {
      const s1 = (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by id limit 1', [T])).rows[0].id;
      const oid = await order(tx, 'ordered_from_supplier', daysAgo(30));
      await po(tx, oid, s1, 'placed', daysAgo(29));
      return { id: oid, po: (await tx.query<{ id: string }>('select id from purchase_orders where tenant_id = $1 and order_id = $2', [T, oid])).rows[0].id };
    });
    let wrote!: () => void;
    const firstWrote = new Promise<void>((r) => (wrote = r));
    const first = inTenant(async (tx) => {
      await tx.query(`update purchase_orders set status = 'confirmed', updated_at = now() where tenant_id = $1 and id = $2`, [T, poId]);
      wrote();
      await new Promise((r) => setTimeout(r, 300));
    });
    await firstWrote;
    const second = inTenant((tx) => tx.query(`update orders set hold_reason = 'checking the address (test)', held_at = now() where tenant_id = $1 and id = $2`, [T, id]));
    await Promise.all([first, second]);
    const row = await inTenant(async (tx) => (await tx.query<{ stage: string; held: boolean }>('select stage, held from order_pipeline where tenant_id = $1 and order_id = $2', [T, id])).rows[0]);
    expect(row).toEqual({ stage: 'label', held: true });
  });

  it('each tenant counts its own', async () => {
    expect(await backlog(NW)).toEqual(nwBefore);
  });

  it('every role that reads orders reads it', async () => {
    for (const email of [ADMIN, AGENT, SELLER]) expect((await callAs(h, email, 'GET', '/api/dashboard/pipeline-backlog')).status).toBe(200);
  });
});

describe('recent actions', () => {
  it('reads the newest actions in words, with who and a link, for admins and agents', async () => {
    await inTenant(async (tx) => {
      await tx.query(
        `insert into audit_log (tenant_id, actor_email, action, resource, resource_id, after, created_at) values
           ($1, 'admin@demo.local', 'order.hold', 'order', 'ORD-7', '{}', now() + interval '1 hour'),
           ($1, null, 'shipment.void', 'shipment', 'b0000000-0000-4000-8000-00000000abcd', '{"order_id":"ORD-7"}', now() + interval '2 hours'),
           ($1, 'agent@demo.local', 'order.import', 'order', null, '{}', now() + interval '3 hours')`,
        [T],
      );
      // older ones, more than a card shows
      await tx.query(
        `insert into audit_log (tenant_id, actor_email, action, resource, resource_id, created_at)
         select $1, 'admin@demo.local', 'product.update', 'product', null, now() - g * interval '1 minute' from generate_series(1, 12) g`,
        [T],
      );
    });
    for (const email of [ADMIN, AGENT]) {
      const r = await callAs(h, email, 'GET', '/api/dashboard/recent-actions?limit=3');
      expect(r.status).toBe(200);
      const rows = (r.body.data as unknown[]).map((a) => recentAction.parse(a));
      expect(rows.map(({ who, what, link }) => ({ who, what, link }))).toEqual([
        { who: 'agent@demo.local', what: 'Imported orders', link: '/orders' },
        { who: 'automation', what: 'Voided label', link: '/orders/ORD-7' },
        { who: 'admin@demo.local', what: 'Held order ORD-7', link: '/orders/ORD-7' },
      ]);
    }
    const d = await callAs(h, ADMIN, 'GET', '/api/dashboard/recent-actions');
    expect((d.body.data as unknown[]).length).toBe(10);
  });

  it('is the tenant’s own', async () => {
    const r = await callAs(h, NW, 'GET', '/api/dashboard/recent-actions?limit=50');
    expect(r.status).toBe(200);
    expect((r.body.data as { what: string }[]).map((a) => a.what)).not.toContain('Held order ORD-7');
    const nwRows = await inTenant(async (tx) => (await tx.query<{ n: string }>('select count(*) as n from audit_log where tenant_id = $1', [NORTHWIND_TENANT.id])).rows, NORTHWIND_TENANT.id);
    expect((r.body.data as unknown[]).length).toBe(Math.min(50, Number(nwRows[0].n)));
  });

  it('sellers may not read the audit log; a bad limit is a 400', async () => {
    expect((await callAs(h, SELLER, 'GET', '/api/dashboard/recent-actions')).status).toBe(403);
    expect((await callAs(h, ADMIN, 'GET', '/api/dashboard/recent-actions?limit=0')).status).toBe(400);
    expect((await callAs(h, ADMIN, 'GET', '/api/dashboard/recent-actions?limit=51')).status).toBe(400);
  });
});

describe('net revenue against the same days of last month', () => {
  const summary = async (q: string) => {
    const r = await callAs(h, SELLER, 'GET', `/api/analytics/summary?${q}`);
    expect(r.status, q).toBe(200);
    return analyticsSummary.parse(r.body.data);
  };

  it('answers the month to date and the same days of last month with their net revenue, from the same source', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const from = `${today.slice(0, 8)}01`;
    const s = await summary(`from=${from}&to=${today}&compare=month`);
    const prev = sameDaysLastMonth(from, today);
    expect(s.previous).toMatchObject(prev);
    const alone = await summary(`from=${prev.from}&to=${prev.to}&compare=none`);
    expect(s.previous!.figures).toEqual(alone.figures);
    expect(s.previous!.net_revenue_cents).toBe(alone.figures.revenue_cents - alone.figures.refunds_cents);
    expect(Number.isInteger(s.previous!.net_revenue_cents)).toBe(true);
  });

  it('clamps at the end of last month', async () => {
    const s = await summary('from=2025-03-01&to=2025-03-31&compare=month');
    expect({ from: s.previous!.from, to: s.previous!.to }).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    const leap = await summary('from=2024-03-01&to=2024-03-30&compare=month');
    expect({ from: leap.previous!.from, to: leap.previous!.to }).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});
