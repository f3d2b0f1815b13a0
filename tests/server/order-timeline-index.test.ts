/**
 * An order's timeline (docs/dropshipping.md "Timeline") is one index range of the event log: the
 * events that name the order (its `order_id`, or the `id` of an `orders.*` event), not a filter over
 * every event of the tenant. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDb } from '../../server/db';
import { seed } from '../../server/seed';
import { DEMO_TENANT } from '../../server/seed/accounts';
import { ORDER_TIMELINE_SQL, orderTimeline } from '../../server/api/fulfillment/queries';
import { dropPostgres, pgliteTemplate } from './harness';
import { seededPostgres } from './pg-template';

const T = DEMO_TENANT.id;
const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'seller-timeline-'));
let databaseUrl: string | undefined;
let o: OpenDb;

beforeAll(async () => {
  // the run's migrated and seeded store, copied
  databaseUrl = adminUrl ? await seededPostgres(adminUrl) : undefined;
  if (!adminUrl) cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  o = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await seed(o.db);
  // 4,000 orders' worth of events: each order received, routed, its purchase order placed
  await o.db.transaction((tx) => tx.query(
    `insert into events (tenant_id, stream, subject, payload)
     select $1, s.stream, s.subject,
            case when s.subject = 'orders.created' then jsonb_build_object('id', 'TL-' || g)
                 when s.subject = 'fulfillment.po_placed' then jsonb_build_object('id', 'PO-' || g, 'order_id', 'TL-' || g)
                 else jsonb_build_object('id', 'TL-' || g, 'order_id', 'TL-' || g) end
       from generate_series(1, 4000) g,
            (values (1, 'orders', 'orders.created'), (2, 'fulfillment', 'fulfillment.routed'), (3, 'fulfillment', 'fulfillment.po_placed')) s(n, stream, subject)
      order by g, s.n`,
    [T],
  ), { tenantId: T });
}, 120_000);
afterAll(async () => {
  await o?.close();
  if (adminUrl && databaseUrl) await dropPostgres(adminUrl, databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('order timeline', () => {
  it("holds the order's own events, oldest first, and no other order's", async () => {
    const tl = await o.db.transaction((tx) => orderTimeline(tx, T, 'TL-1234'), { tenantId: T });
    expect(tl.map((e) => e.subject)).toEqual(['orders.created', 'fulfillment.routed', 'fulfillment.po_placed']);
    expect(tl.map((e) => e.seq)).toEqual([...tl.map((e) => e.seq)].sort((a, b) => a - b));
    // a purchase order's own id is not an order's: 'PO-1234' names no timeline
    expect(await o.db.transaction((tx) => orderTimeline(tx, T, 'PO-1234'), { tenantId: T })).toEqual([]);
  });

  it('reads one index range, not every event of the tenant', async () => {
    const plan = await o.db.transaction(
      async (tx) => JSON.stringify((await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${ORDER_TIMELINE_SQL}`, [T, 'TL-1234'])).rows[0]['QUERY PLAN']),
      { tenantId: T },
    );
    // the order is a condition of the index scan (under the tenant policy too), not a filter of the tenant's rows
    expect(plan).toContain('"Index Name":"events_order_ref"');
    expect(plan).toMatch(/"Index Cond":"[^"]*order_ref = 'TL-1234'/);
  });
});
