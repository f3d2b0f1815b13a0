/**
 * `npm run seed [-- --orders N]` — docs/commerce.md Seeds the configured database (DATA_DIR or DATABASE_URL)
 * like a first start, and with --orders N adds N more orders to the Demo Store (benchmark volume),
 * then refreshes planner statistics so the indexes are used at once.
 */
import pg from 'pg';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db';
import { openPglite } from '../db/pglite';
import { seed } from '.';
import { rebuildRollup } from '../api/analytics/rollup';
import { DEMO_TENANT } from './accounts';
import { insertOrders } from '../api/orders/insert';
import { makeOrders, prng } from './commerce-data';

const BATCH = 10_000;

export async function addDemoOrders(db: Db, count: number, log: (s: string) => void = () => undefined): Promise<void> {
  const tenantId = DEMO_TENANT.id;
  const { start, products } = await db.transaction(async (tx) => {
    const n = await tx.query<{ n: number }>('select count(*)::int as n from orders where tenant_id = $1', [tenantId]);
    const rows = await tx.query<{ id: string; title: string; variants: { id: string; sku: string; price_cents: number }[] }>(
      `select p.id, p.title, json_agg(json_build_object('id', v.id, 'sku', v.sku, 'price_cents', v.price_cents)) as variants
         from products p join product_variants v on v.product_id = p.id
        where p.tenant_id = $1 and p.status = 'active' group by p.id order by p.sku`,
      [tenantId],
    );
    return { start: Number(n.rows[0].n) + 1, products: rows.rows };
  }, { tenantId });
  if (products.length === 0) throw new Error('The Demo Store has no products: seed it first');
  const r = prng(start);
  const now = new Date();
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await db.transaction((tx) => insertOrders(tx, tenantId, makeOrders(r, n, products, now, start + done)), { tenantId });
    log(`  ${done + n} / ${count} orders`);
  }
  // inserted without events: the analytics rollup is recomputed from the detail tables (docs/analytics.md "Rollup")
  await db.transaction((tx) => rebuildRollup(tx, tenantId), { tenantId });
}

/** ANALYZE needs the table owner: the PGlite superuser, or the DATABASE_URL login (the app role is not). */
export async function refreshStatistics(o: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const sql = 'vacuum analyze orders, order_items, order_status_history, products, product_variants';
  if (o.databaseUrl) {
    const c = new pg.Client({ connectionString: o.databaseUrl });
    c.on('error', (e) => console.error(`postgres: connection lost: ${e.message}`)); // the statement fails on its own
    await c.connect();
    await c.query(sql);
    await c.end();
  } else {
    const owner = await openPglite(o.dataDir);
    await owner.exec(sql);
    await owner.close();
  }
}

function ordersArg(argv: string[]): number {
  const i = argv.indexOf('--orders');
  if (i < 0) return 0;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error('--orders needs a whole number');
  return n;
}

async function main(): Promise<void> {
  const count = ordersArg(process.argv.slice(2));
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  const t0 = Date.now();
  const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await seed(opened.db);
    if (count > 0) {
      console.log(`Adding ${count} orders to the Demo Store on ${where}`);
      await addDemoOrders(opened.db, count, console.log);
    }
  } finally {
    await opened.close();
  }
  await refreshStatistics({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  console.log(`Seeded ${where} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && /seed[\\/]cli\.ts$/.test(process.argv[1])) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
