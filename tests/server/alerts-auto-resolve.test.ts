/**
 * Automatic resolution of MAP and buy-box alerts on a real database (docs/alerts.md "Automatic
 * resolution"): a listing's MAP alert resolves by automation once none of its violations is left
 * open (a competitor's violation still open keeps it), whether the violations close in a sync's MAP
 * check or through a grace change over HTTP; a buy-box drop resolves once the account's share is back
 * within the threshold of its share before the drop (half way back keeps it open); a dropshipping
 * step's dead letter replayed resolves its order's fulfillment alert. Each resolution goes out as the
 * queue's `alert_queue.changed` (by automation). A closing event seen twice, or two requests at once,
 * resolve the alert once. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { waitFor } from './wait-for';
import { appendEvent } from '../../server/events/outbox';
import { deadLetter } from '../../server/events/dlq-store';
import { refreshViolations, type MapCheckResult } from '../../server/api/listings/violations';
import { emitViolations } from '../../server/api/listings/history';
import { snapshotTenant } from '../../server/api/pricing/agent';
import { alertRow, type AlertRow } from '../../contract/alerts';

let h: Harness;
const ADMIN = 'admin@demo.local';
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const T = DEMO_TENANT.id;

const inTenant = <R>(fn: Parameters<Harness['db']['transaction']>[0]) => h.db.transaction(fn, { tenantId: T }) as Promise<R>;
const q = async <R>(sql: string, params: unknown[] = []) => inTenant<R[]>(async (tx) => (await tx.query(sql, params)).rows);

interface AlertState { id: string; count: number; resolved_at: Date | null; resolved_by: string | null }
const alertsOf = (type: string, key: string) =>
  q<AlertState>('select id, count, resolved_at, resolved_by from alerts where tenant_id = $1 and type = $2 and key = $3 order by created_at, id', [T, type, key]);

/** The MAP check a marketplace sync runs for these listings, with its events (server/api/marketplaces/sync.ts). */
const syncCheck = (listingIds: string[]) =>
  inTenant<MapCheckResult>(async (tx) => {
    const check = await refreshViolations(tx, T, listingIds);
    await emitViolations(tx, T, check);
    return check;
  });

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('MAP violations', () => {
  let listing: { id: string; sku: string; price_cents: number; variant_id: string };
  const key = () => `listing:${listing.id}`;

  beforeAll(async () => {
    [listing] = await q<typeof listing>(
      `select l.id, l.sku, l.price_cents, l.variant_id from listings l where l.tenant_id = $1 and l.status = 'active' and l.price_cents > 2000 order by l.id limit 1`, [T],
    );
    // MAP $10 above its price: the own listing breaches it; a competitor at $15 below its price does too
    await q('update product_variants set map_price_cents = $2 where id = $1', [listing.variant_id, Number(listing.price_cents) + 1000]);
    await q(`update listings set offers = $2::jsonb where id = $1`, [
      listing.id, JSON.stringify([{ seller: 'Cheap Rival', price_cents: Number(listing.price_cents) - 1500, shipping_cents: 0, rating: 4.5, is_buy_box: false }]),
    ]);
  });

  it('the alert stays while one violation of the listing is open, and resolves by automation when the last one closes', async () => {
    const opened = await syncCheck([listing.id]);
    expect(opened.opened.map((v) => v.seller).sort()).toEqual(['Cheap Rival', 'you']);
    // the marketplaces' alerts consumer raises one alert per violation, folded per listing
    await waitFor(async () => (await alertsOf('map_violation', key())).find((a) => Number(a.count) === 2), 'the MAP alert of the listing');

    // the own price back within MAP: the competitor's violation is still open, so is the alert
    await q('update listings set price_cents = $2 where id = $1', [listing.id, Number(listing.price_cents) + 1000]);
    const own = await syncCheck([listing.id]);
    expect(own.resolved.map((v) => [v.listing_id, v.source, v.sku])).toEqual([[listing.id, 'own_listing', listing.sku]]);
    expect((await alertsOf('map_violation', key())).map((a) => a.resolved_at)).toEqual([null]);

    // the competitor back within MAP: the listing has no violation left, its alert resolves with the event
    await q(`update listings set offers = '[]'::jsonb where id = $1`, [listing.id]);
    const rival = await syncCheck([listing.id]);
    expect(rival.resolved.map((v) => v.seller)).toEqual(['Cheap Rival']);
    const [a] = await alertsOf('map_violation', key());
    expect(a.resolved_by).toBe('automation');
    expect(a.resolved_at).not.toBeNull();

    // as the queue reads it
    const r = await callAs(h, SELLER, 'GET', `/api/alerts?status=resolved&type=map_violation&limit=200`);
    const row = (r.body.data as unknown[]).map((x) => alertRow.parse(x)).find((x: AlertRow) => x.key === key());
    expect(row).toMatchObject({ status: 'resolved', resolved: true, resolved_by: 'automation', source: 'map-monitor' });

    // the queue's event says so, as for a person's resolve (open /work tables and the top bar refresh on it)
    const changed = () =>
      q<{ payload: { action: string; ids: string[]; by: string } }>(`select payload from events where tenant_id = $1 and subject = 'alert_queue.changed' and payload->'ids' ? $2`, [T, String(a.id)]);
    expect((await changed()).map((e) => [e.payload.action, e.payload.by])).toEqual([['resolve', 'automation']]);

    // the same closing event again (a redelivery, a second request) changes nothing, and says nothing
    await inTenant((tx) => appendEvent(tx, T, 'listings.violation_resolved', rival.resolved[0]));
    expect(await alertsOf('map_violation', key())).toEqual([a]);
    expect(await changed()).toHaveLength(1);
  });

  it('a grace change that clears the violations (PUT /listings/map-settings) resolves the alert too; sent twice at once it resolves once', async () => {
    await q('update listings set price_cents = $2 where id = $1', [listing.id, Number(listing.price_cents)]);
    await syncCheck([listing.id]);
    await waitFor(async () => (await alertsOf('map_violation', key())).find((a) => a.resolved_at === null), 'a new MAP alert after the resolved one');
    const [mark] = await q<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [T]);
    const [x, y] = await Promise.all([
      callAs(h, ADMIN, 'PUT', '/api/listings/map-settings', { grace_cents: 100_000 }),
      callAs(h, ADMIN, 'PUT', '/api/listings/map-settings', { grace_cents: 100_000 }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    // the second waits for the first's settings row and finds nothing left to resolve
    const resolved = [x.body.data.violations_resolved as number, y.body.data.violations_resolved as number];
    expect(Math.min(...resolved)).toBe(0);
    expect(Math.max(...resolved)).toBeGreaterThan(0);
    const rows = await alertsOf('map_violation', key());
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.resolved_by)).toEqual(['automation', 'automation']);
    const events = await q<{ n: string }>(
      `select count(*) as n from events where tenant_id = $1 and seq > $3 and subject = 'listings.violation_resolved' and payload->>'listing_id' = $2`, [T, listing.id, mark.seq],
    );
    expect(Number(events[0].n)).toBe(1);
  });
});

describe('buy-box drops', () => {
  let mp: string;
  let listings: string[];
  const key = () => `marketplace:${mp}`;
  const own = (ids: string[], owner: string) => q(`update listings set buy_box_owner = $2 where id = any($1::uuid[])`, [ids, owner]);

  beforeAll(async () => {
    const [m] = await q<{ marketplace_id: string }>(
      `select marketplace_id from listings where tenant_id = $1 and status = 'active' group by marketplace_id having count(*) >= 4 order by marketplace_id limit 1`, [T],
    );
    mp = m.marketplace_id;
    listings = (await q<{ id: string }>(`select id from listings where marketplace_id = $1 and status = 'active' order by id`, [mp])).map((r) => r.id);
    await own(listings, 'you');
    await snapshotTenant(h.db, T, mp);
  });

  it('half way back keeps the alert; back within the threshold resolves it by automation, once with two runs at once', async () => {
    await own(listings, 'Rival Store');
    expect(await snapshotTenant(h.db, T, mp)).toBe(1);
    expect((await alertsOf('buy_box_drop', key())).map((a) => [a.resolved_at, a.resolved_by])).toEqual([[null, null]]);

    // half the listings won back: 50 points below the share before the drop, more than the threshold
    await own(listings.slice(0, Math.ceil(listings.length / 2)), 'you');
    expect(await snapshotTenant(h.db, T, mp)).toBe(0);
    expect((await alertsOf('buy_box_drop', key())).map((a) => a.resolved_at)).toEqual([null]);

    // all won back: two agent runs at once resolve it once
    await own(listings, 'you');
    await Promise.all([snapshotTenant(h.db, T, mp), snapshotTenant(h.db, T, mp)]);
    const rows = await alertsOf('buy_box_drop', key());
    expect(rows).toHaveLength(1);
    expect(rows[0].resolved_by).toBe('automation');
    const regained = await q<{ payload: { buy_box_share: number; share_before_drop: number } }>(
      `select payload from events where tenant_id = $1 and subject = 'pricing.buy_box_regained' and payload->>'marketplace_id' = $2`, [T, mp],
    );
    expect(regained.length).toBeGreaterThanOrEqual(1);
    expect(regained[0].payload).toMatchObject({ buy_box_share: 1, share_before_drop: 1 });

    // nothing open any more: a later run says nothing, and the resolved alert stays as it is
    const before = regained.length;
    await snapshotTenant(h.db, T, mp);
    const after = await q<{ n: string }>(`select count(*) as n from events where tenant_id = $1 and subject = 'pricing.buy_box_regained' and payload->>'marketplace_id' = $2`, [T, mp]);
    expect(Number(after[0].n)).toBe(before);
    expect(await alertsOf('buy_box_drop', key())).toEqual(rows);
  });
});

describe('dropshipping failures', () => {
  it("a replay of the step's dead letter resolves the order's fulfillment alert by automation, once for two replays at once", async () => {
    const [o] = await q<{ id: string }>(`select id from orders where tenant_id = $1 and status = 'pending' and hold_reason is null order by id desc limit 1`, [T]);
    const dlqId = await inTenant<string>(async (tx) => {
      await appendEvent(tx, T, 'fulfillment.po_confirmed', { id: 'po-auto', number: 'PO-AUTO', order_id: o.id, supplier_id: 'sup-auto', attempt: 1, reference: 'SUP-9' });
      const { rows } = await tx.query<{ seq: string }>('select max(seq) as seq from events where tenant_id = $1', [T]);
      await deadLetter(tx, { consumer: 'dropship-labels', seq: Number(rows[0].seq), attempts: 5, lastError: 'carrier unavailable (503)' });
      return String((await tx.query<{ id: string }>(`select id from dlq_entries where tenant_id = $1 and consumer = 'dropship-labels' order by id desc limit 1`, [T])).rows[0].id);
    });
    // the dropship-alerts consumer raises it, keyed by the order
    await waitFor(async () => (await alertsOf('fulfillment_failed', `order:${o.id}`)).find((a) => a.resolved_at === null), "the order's fulfillment alert");
    const [x, y] = await Promise.all([callAs(h, AGENT, 'POST', `/api/dlq/${dlqId}/replay`), callAs(h, AGENT, 'POST', `/api/dlq/${dlqId}/replay`)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const rows = await alertsOf('fulfillment_failed', `order:${o.id}`);
    expect(rows.map((a) => a.resolved_by)).toEqual(['automation']);
  });
});
