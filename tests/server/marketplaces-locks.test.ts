/**
 * Lock modes of a sandbox advance and a marketplace sync (docs/marketplaces.md "Sandbox"): both hold
 * their account row while they run, but as FOR NO KEY UPDATE, so a transaction that writes one of
 * the account's listings twice (the repricer: the pulled offers, then the new price) goes on
 * meanwhile. A second write of a row created in the same transaction checks the listing's foreign
 * key to the account (FOR KEY SHARE); under a plain FOR UPDATE it waited for the whole advance, and
 * with the sync it deadlocked. Ticks and syncs of one account interleave without a deadlock and
 * without losing an order, and none holds the event log's ordering lock while it waits for the
 * account: every writer appends its events last. A tick advances the tenant's suppliers and carriers
 * before it takes the account's row, so a sync page never waits for that part. Row locks only wait on
 * PostgreSQL: PGlite runs one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { tickAccount } from '../../server/api/marketplaces/tick-command';
import { syncAccount, syncMoreOrders } from '../../server/api/marketplaces/sync';
import { applyOffers } from '../../server/api/listings/push';
import type { Tx } from '../../server/db';
import { appendEvents, untypedEvent } from '../../server/events/outbox';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const T = DEMO_TENANT.id;
let h: Harness;
let account: string;
let listing: { id: string; external_id: string };

beforeAll(async () => {
  if (!onPostgres) return;
  h = await startServer();
  account = (await callAs(h, 'admin@demo.local', 'POST', '/api/marketplaces', { kind: 'walmart', name: 'Walmart locks test', sandbox_order_rate: 0 })).body.data.id;
  const [v] = await variantsWithMap(h, 1, 40);
  await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
  const id = (await callAs(h, 'seller@demo.local', 'POST', '/api/listings', { variant_id: v.id, marketplace_id: account, price_cents: 9999 })).body.data.id;
  listing = (await waitForListing(h, 'seller@demo.local', id, (l) => l.sync_state === 'synced' && Boolean(l.external_id))) as { id: string; external_id: string };
}, 120_000);
afterAll(async () => h?.close());

/** Runs `hold` in a transaction that stays open until the returned release is called. */
async function holdOpen(hold: (tx: Tx) => Promise<unknown>): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const done = h.db.transaction(async (tx) => {
    await hold(tx);
    entered();
    await released;
  }, { tenantId: T });
  await inside;
  return { release: async () => { release(); await done; } };
}

/** The repricer's write pair on the listing; resolves 'done', or 'waited' when still blocked after 3 s. */
async function offersThenPrice(): Promise<{ outcome: Promise<string>; finished: Promise<unknown> }> {
  const finished = h.db.transaction(async (tx) => {
    await applyOffers(tx, account, [{ externalId: listing.external_id, offers: [{ seller: 'Acme', price_cents: 5000, shipping_cents: 0, rating: 95, is_buy_box: true }], buyBoxOwner: 'Acme', buyBoxPriceCents: 5000 }]);
    await tx.query('update listings set price_cents = price_cents + 1, updated_at = now() where id = $1', [listing.id]);
  }, { tenantId: T });
  const outcome = Promise.race([finished.then(() => 'done'), new Promise<string>((r) => setTimeout(() => r('waited'), 3000))]);
  return { outcome, finished };
}

describe.runIf(onPostgres)('account lock modes (PostgreSQL)', () => {
  it('a sandbox advance in progress does not hold up a listing written twice in one transaction', async () => {
    const tick = await holdOpen((tx) => tickAccount(tx, T, account, 1, {}));
    const w = await offersThenPrice();
    const outcome = await w.outcome;
    await tick.release();
    await w.finished;
    expect(outcome).toBe('done');
  }, 30_000);

  it('ticks and syncs of one account at once: none deadlocks, every sold order arrives once', async () => {
    await h.db.transaction((tx) => tx.query('update marketplace_accounts set sandbox_order_rate = 1 where id = $1', [account]), { tenantId: T });
    const env = { dataDir: h.dataDir };
    const tick = () => h.db.transaction((tx) => tickAccount(tx, T, account, 1, {}), { tenantId: T });
    const sync = () => h.db.transaction((tx) => syncAccount(tx, T, account, env), { tenantId: T });
    const more = () => h.db.transaction((tx) => syncMoreOrders(tx, T, account, env), { tenantId: T });
    // a deadlock would reject one of them (40P01)
    for (let round = 0; round < 4; round++) await Promise.all([tick(), sync(), tick(), more(), sync()]);
    await sync();
    const [sold, ours] = await h.db.transaction(async (tx) => [
      Number((await tx.query<{ n: string }>('select count(*) as n from sandbox_orders where marketplace_id = $1', [account])).rows[0].n),
      (await tx.query<{ ext: string }>(`select external_order_id as ext from orders where tenant_id = $1 and marketplace = 'walmart' and external_order_id in (select external_id from sandbox_orders where marketplace_id = $2)`, [T, account])).rows.map((r) => r.ext),
    ] as const, { tenantId: T });
    expect(sold).toBeGreaterThan(0);
    expect(ours).toHaveLength(sold);
    expect(new Set(ours).size).toBe(sold);
  }, 60_000);

  it('a tick or a sync waiting for the account holds no lock on the event log meanwhile', async () => {
    const env = { dataDir: h.dataDir };
    // another writer of events, in a transaction of its own: 'done', or 'waited' if still blocked after 3 s
    const appendElsewhere = () => {
      const finished = h.db.transaction((tx) => appendEvents(tx, T, [untypedEvent('jobs.lock_probe', {})]), { tenantId: T });
      return { outcome: Promise.race([finished.then(() => 'done'), new Promise<string>((r) => setTimeout(() => r('waited'), 3000))]), finished };
    };
    for (const step of [
      () => h.db.transaction((tx) => tickAccount(tx, T, account, 1, {}), { tenantId: T }),
      () => h.db.transaction((tx) => syncMoreOrders(tx, T, account, env), { tenantId: T }),
    ]) {
      // the account's row held, as a sync moving its cursor or an advance of the marketplace holds it
      const holder = await holdOpen((tx) => tx.query('select 1 from marketplace_accounts where id = $1 for no key update', [account]));
      const waiting = step();
      await new Promise((r) => setTimeout(r, 500));
      const other = appendElsewhere();
      const outcome = await other.outcome;
      await holder.release();
      await waiting;
      await other.finished;
      expect(outcome).toBe('done');
    }
  }, 60_000);

  it("a tick busy with the tenant's suppliers and carriers does not hold up a sync page of the account", async () => {
    const env = { dataDir: h.dataDir };
    // the sandbox suppliers' clock held, as a long fulfillment advance (thousands of answers and scans) holds it
    const holder = await holdOpen((tx) => tx.query('select 1 from fulfillment_settings where tenant_id = $1 for update', [T]));
    const tick = h.db.transaction((tx) => tickAccount(tx, T, account, 1, {}), { tenantId: T });
    await new Promise((r) => setTimeout(r, 500));
    // a sync page's orders count as arrived from the start of its transaction: it must not wait for the tick
    const page = h.db.transaction((tx) => syncMoreOrders(tx, T, account, env), { tenantId: T });
    const outcome = await Promise.race([page.then(() => 'done'), new Promise<string>((r) => setTimeout(() => r('waited'), 3000))]);
    await holder.release();
    await tick;
    await page;
    expect(outcome).toBe('done');
  }, 30_000);

  it('a listing push that opens a MAP violation appends its events only after the account row', async () => {
    const [v] = await variantsWithMap(h, 1, 41);
    await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
    const holder = await holdOpen((tx) => tx.query('select 1 from marketplace_accounts where id = $1 for no key update', [account]));
    // priced below MAP: the push opens a violation, then waits for the account's row
    const created = await callAs(h, 'seller@demo.local', 'POST', '/api/listings', { variant_id: v.id, marketplace_id: account, price_cents: v.map_cents - 200 });
    expect(created.status).toBe(201);
    await new Promise((r) => setTimeout(r, 1500));
    const finished = h.db.transaction((tx) => appendEvents(tx, T, [untypedEvent('jobs.lock_probe', {})]), { tenantId: T });
    const outcome = await Promise.race([finished.then(() => 'done'), new Promise<string>((r) => setTimeout(() => r('waited'), 3000))]);
    await holder.release();
    await finished;
    expect(outcome).toBe('done');
    await waitForListing(h, 'seller@demo.local', created.body.data.id, (l) => l.sync_state === 'synced' && (l.open_violations as number) > 0);
  }, 60_000);
});
