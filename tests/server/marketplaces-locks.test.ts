/**
 * Lock modes of a sandbox advance and a marketplace sync (docs/marketplaces.md "Sandbox"): both hold
 * their account row while they run, but as FOR NO KEY UPDATE, so a transaction that writes one of
 * the account's listings twice (the repricer: the pulled offers, then the new price) goes on
 * meanwhile. A second write of a row created in the same transaction checks the listing's foreign
 * key to the account (FOR KEY SHARE); under a plain FOR UPDATE it waited for the whole advance, and
 * with the sync it deadlocked. Row locks only wait on PostgreSQL: PGlite runs one transaction at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { setImages, variantsWithMap, waitForListing } from './listings-support';
import { tickAccount } from '../../server/api/marketplaces/tick-command';
import { applyOffers } from '../../server/api/listings/push';
import type { Tx } from '../../server/db';

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

});
