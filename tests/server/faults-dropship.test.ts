/**
 * Dropshipping through lost database connections (docs/reliability.md "Background work"),
 * PostgreSQL only: a burst of sandbox marketplace orders arrives at once (one sync tick pulls them,
 * as `npm run bench:dropship` does) and flows through the automation — routed, purchase order
 * placed, confirmed on the sandbox clock, label bought, shipped, tracking pushed — while the server's
 * database connections are ended with `pg_terminate_backend` several times mid-flow. Afterwards
 * every order has arrived once, was routed once (one purchase order), has one live label and its
 * tracking pushed; nothing is left in the dead-letter queue. On the embedded engine, and on
 * JetStream (the relay reads the log through the same lost connections) when TEST_NATS_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { ENGINES, fastEventSettings, newStore, openServer, sleep, type Running, type Store, dropNatsStreams } from './events-support';
import { OBSERVER, PG_URL, asHarness, call, terminateBackends } from './faults-support';
import { headersFor } from './tokens';

const T = DEMO_TENANT.id;
const N = 400;
const FAULTS = 5;

let store: Store;
let s: Running;
let admin: Record<string, string>;
let account: string;

async function ownerQuery<R extends pg.QueryResultRow>(sql: string, args: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: store.databaseUrl, application_name: OBSERVER });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return (await c.query<R>(sql, args)).rows;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** One product with a well-stocked supplier, listed on a sandbox account of its own, and N sales waiting there (bench/dropship.ts). */
async function build(): Promise<string> {
  return s.db.transaction(async (tx) => {
    const supplier = (await tx.query<{ id: string }>('select id from suppliers where tenant_id = $1 order by name, id limit 1', [T])).rows[0].id;
    const p = (await tx.query<{ id: string }>(
      `insert into products (tenant_id, handle, title, sku, price_cents, stock, weight) values ($1, 'fault-dropship', 'Fault dropship item', 'FAULT-DS', 3000, $2, 400) returning id`,
      [T, N * 2],
    )).rows[0].id;
    const v = (await tx.query<{ id: string }>(
      `insert into product_variants (tenant_id, product_id, sku, price_cents, cost_cents, stock, weight) values ($1, $2, 'FAULT-DS', 3000, 1000, $3, 400) returning id`,
      [T, p, N * 2],
    )).rows[0].id;
    await tx.query(
      `insert into product_suppliers (tenant_id, product_id, variant_id, supplier_id, supplier_cost_cents, supplier_stock, supplier_sku, handling_days, ship_from, priority)
       values ($1, $2, $3, $4, 1000, $5, 'SUP-FAULT-DS', 1, 'US', 1)`,
      [T, p, v, supplier, N * 10],
    );
    const m = (await tx.query<{ id: string }>(
      `insert into marketplace_accounts (tenant_id, kind, name, mode, status, sandbox_order_rate) values ($1, 'ebay', 'Fault dropship', 'sandbox', 'connected', 0) returning id`,
      [T],
    )).rows[0].id;
    const l = (await tx.query<{ id: string }>(
      `insert into listings (tenant_id, marketplace_id, product_id, variant_id, sku, title, price_cents, status, sync_state, external_id)
       values ($1, $2, $3, $4, 'FAULT-DS', 'Fault dropship item', 3000, 'active', 'synced', 'FAULT-DS-ITEM') returning id`,
      [T, m, p, v],
    )).rows[0].id;
    await tx.query(
      `insert into sandbox_items (tenant_id, marketplace_id, external_id, listing_id, title, price_cents, quantity, status, created_tick)
       values ($1, $2, 'FAULT-DS-ITEM', $3, 'Fault dropship item', 3000, $4, 'active', 0)`,
      [T, m, l, N * 2],
    );
    await tx.query(
      `insert into sandbox_orders (tenant_id, marketplace_id, external_id, tick, item_external_id, quantity, unit_price_cents, buyer)
       select $1, $2, 'FDS-' || g, 1, 'FAULT-DS-ITEM', 1, 3000, 'Fault buyer ' || g from generate_series(1, $3) g`,
      [T, m, N],
    );
    await tx.query(`insert into fulfillment_settings (tenant_id, automation_enabled) values ($1, true)
                    on conflict (tenant_id) do update set automation_enabled = true`, [T]);
    return m;
  }, { tenantId: T });
}

const pushed = async () => Number((await ownerQuery<{ n: number }>(
  `select count(*)::int as n from sandbox_orders where marketplace_id = $1 and tracking_number is not null`, [account],
))[0].n);

describe.skipIf(!PG_URL).each(ENGINES)('dropshipping across lost database connections (PostgreSQL, $name engine)', (engine) => {
  const prefix = `F${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}_`;

  beforeAll(async () => {
    fastEventSettings();
    // each fault may cost a message in flight one attempt; a few faults must not dead-letter it
    process.env.EVENTS_MAX_DELIVER = '10';
    process.env.NATS_STREAM_PREFIX = prefix;
    store = await newStore();
    s = await openServer(store, { natsUrl: engine.natsUrl });
    admin = await headersFor(asHarness(s, store), 'admin@demo.local');
    account = await build();
  }, 60_000);

  afterAll(async () => {
    delete process.env.EVENTS_MAX_DELIVER;
    delete process.env.NATS_STREAM_PREFIX;
    await s?.close();
    await store?.drop();
    await dropNatsStreams(engine.natsUrl, prefix);
  });

  it('every order arrives, is routed and labelled exactly once and shipped with tracking pushed', async () => {
    const sync = () => call(s.url, admin, 'POST', `/api/marketplaces/${account}/sandbox/tick`, { ticks: 1 });
    const clock = () => call(s.url, admin, 'POST', '/api/fulfillment/sandbox/tick', { ticks: 1 });
    expect((await sync()).status).toBe(200);
    const started = Date.now();
    // the faults, on their own timer, while the orders are routed, confirmed, labelled and pushed
    let ended = 0;
    const faults = (async () => {
      for (let i = 0; i < FAULTS; i++) {
        await sleep(i === 0 ? 300 : 1000);
        ended += await terminateBackends(store.databaseUrl!);
      }
    })();
    let last = 0;
    while (Date.now() - started < 40_000) {
      // the marketplace hands over its orders on a sync, the suppliers answer and the carriers scan on
      // the sandbox clock; either may meet a fault: 503 database_unavailable, tried again next round
      for (const a of [await sync(), await clock()]) {
        if (a.status !== 200) expect({ status: a.status, code: a.body.code }).toEqual({ status: 503, code: 'database_unavailable' });
      }
      last = await pushed();
      if (last >= N) break;
      await sleep(250);
    }
    await faults;
    expect(ended).toBeGreaterThan(FAULTS);
    expect(last).toBe(N);

    const [c] = await ownerQuery<Record<string, number>>(
      `select count(*)::int as orders,
              count(distinct o.external_order_id)::int as distinct_orders,
              count(*) filter (where o.status in ('shipped', 'delivered'))::int as shipped,
              count(*) filter (where exists (select 1 from shipments s where s.order_id = o.id and s.direction = 'outbound' and s.tracking_pushed_at is not null))::int as pushed,
              count(*) filter (where (select count(*) from purchase_orders po where po.order_id = o.id) <> 1)::int as not_one_po,
              count(*) filter (where (select count(*) from shipments s where s.order_id = o.id and s.direction = 'outbound' and s.status <> 'voided') <> 1)::int as not_one_label
         from orders o where o.tenant_id = $1 and o.external_order_id like 'FDS-%'`,
      [T],
    );
    expect(c).toEqual({ orders: N, distinct_orders: N, shipped: N, pushed: N, not_one_po: 0, not_one_label: 0 });
    const [dlq] = await ownerQuery<{ n: number }>(`select count(*)::int as n from dlq_entries where tenant_id = $1`, [T]);
    expect(dlq.n).toBe(0);
    expect((await fetch(`${s.url}/health`)).status).toBe(200);
  }, 60_000);
});
