/**
 * `npx tsx scripts/pipeline-backlog-explain.ts` — docs/dashboard.md "Measured": the pipeline backlog's
 * statement over a busy Demo Store (the stages kept in order_pipeline, and beside it the same rules
 * over the orders, purchase orders and labels: the read before the table), each one's answer, p50/p95
 * of 20 runs in one transaction and its EXPLAIN ANALYZE (and the Recent Actions read's). A fresh PGlite data dir under /tmp, or with
 * EXPLAIN_DATABASE_URL an empty PostgreSQL database (migrated and seeded here; drop it afterwards).
 * N orders (100,000) from `addDemoOrders`, then the automation's own rows for them: a purchase order
 * for every order past routing (half of those ordered from their supplier still placed, a third of
 * the shipped ones' still confirmed), an outbound label for every shipped one (a third not scanned).
 * Statistics as a benchmark has them (`refreshStatistics`: the orders, not the purchase orders and
 * labels), the case an engine without statistics plans.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db';
import { seed } from '../server/seed';
import { addDemoOrders, refreshStatistics } from '../server/seed/cli';
import { DEMO_TENANT } from '../server/seed/accounts';
import { PIPELINE_DETAIL_SQL, PIPELINE_SQL } from '../server/api/dashboard/pipeline-backlog';

const T = DEMO_TENANT.id;
const databaseUrl = process.env.EXPLAIN_DATABASE_URL;
const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'pipeline-backlog-'));
const o = await openDatabase({ dataDir, databaseUrl });
await seed(o.db);
await addDemoOrders(o.db, Number(process.env.N ?? 100_000));
// the automation's own rows for them: a purchase order for every order past routing (half the
// ordered ones still placed), an outbound label for every shipped one (a third not scanned yet)
await o.db.transaction(async (tx) => {
  const s = (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by id limit 1', [T])).rows[0].id;
  await tx.query(`insert into purchase_orders (tenant_id, number, order_id, supplier_id, attempt, status, total_cents, created_at, updated_at)
    select o.tenant_id, 'PX-' || row_number() over (), o.id, $2, 1,
           case when o.status = 'ordered_from_supplier' then (case when hashtext(o.id) % 2 = 0 then 'placed' else 'confirmed' end)
                when o.status = 'shipped' then (case when hashtext(o.id) % 3 = 0 then 'confirmed' else 'shipped' end) else 'shipped' end,
           1000, o.created_at, o.created_at
      from orders o where o.tenant_id = $1 and o.status in ('ordered_from_supplier', 'shipped', 'delivered', 'returned')`, [T, s]);
  await tx.query(`insert into shipments (tenant_id, order_id, carrier, service, zone, rate_cents, weight_grams, tracking_number, ship_from, ship_to_country, status, bought_at)
    select o.tenant_id, o.id, 'usps', 'ground', 1, 500, 300, 'PX' || row_number() over (), 'US', 'US',
           case when o.status = 'shipped' then (case when hashtext(o.id) % 3 = 0 then 'label_created' else 'in_transit' end) else 'delivered' end, o.created_at
      from orders o where o.tenant_id = $1 and o.status in ('shipped', 'delivered', 'returned')`, [T]);
}, { tenantId: T });
await o.close();
await refreshStatistics({ dataDir, databaseUrl });
const p = await openDatabase({ dataDir, databaseUrl });
await p.db.transaction(async (tx) => {
  const c = await tx.query<{ status: string; n: string }>('select status, count(*) as n from orders where tenant_id = $1 group by 1 order by 1', [T]);
  console.log(c.rows.map((r) => `${r.status}=${r.n}`).join(' '));
  for (const [name, sql] of [['kept stages', PIPELINE_SQL], ['detail', PIPELINE_DETAIL_SQL]] as const) {
    const r = await tx.query(sql, [T]);
    console.log(`${name}: ${JSON.stringify(r.rows)}`);
    for (let i = 0; i < 3; i++) await tx.query(sql, [T]);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) { const t0 = performance.now(); await tx.query(sql, [T]); times.push(performance.now() - t0); }
    times.sort((a, b) => a - b);
    console.log(`${name}: p50 ${times[10].toFixed(1)} ms p95 ${times[18].toFixed(1)} ms`);
    const e = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing on) ${sql}`, [T]);
    console.log(e.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  const a = await tx.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) select id, actor_email, action, resource, resource_id, after, created_at from audit_log where tenant_id = $1 order by created_at desc, id desc limit 10`, [T]);
  console.log(a.rows.map((x) => x['QUERY PLAN']).join('\n'));
}, { tenantId: T });
await p.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
