/**
 * The batched `listing-push` consumer (docs/events.md "Batched consumers"): listings changed together
 * are pushed together, yet each keeps its own answer (accepted or refused), its own history and an
 * event caused by its own change; a paused account holds its listings until it is resumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { setImages, variantsWithMap, type TestVariant } from './listings-support';
import { waitFor } from './wait-for';
import { MISSING_IMAGE } from '../../server/marketplaces/sandbox/reasons';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const ADMIN = 'admin@demo.local';
let account: string;
let vs: TestVariant[];

beforeAll(async () => {
  h = await startServer();
  account = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'ebay', name: 'eBay batch test' })).body.data.id;
  vs = await variantsWithMap(h, 13, 20);
  for (const v of vs.slice(0, 12)) await setImages(h, v.product_id, [`https://img.example.com/${v.sku}.jpg`]);
  await setImages(h, vs[12].product_id, []);
});
afterAll(async () => h?.close());

interface Row { id: string; status: string; sync_state: string; external_id: string | null; feed_message: string | null; price_cents: number }

const listings = async (): Promise<Row[]> => (await call(SELLER, 'GET', `/api/listings?marketplace_id=${account}&limit=100`)).body.data;
const allSynced = async () => {
  const rows = await listings();
  return rows.length === vs.length && rows.every((l) => l.sync_state === 'synced') ? rows : null;
};

/** For each listing: the sequence of its latest `listings.changed` and the causation of its latest push answer. */
async function causes(ids: string[]): Promise<Map<string, { changed: number; answer: string | null; subject: string }>> {
  return h.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; seq: string; subject: string; causation_id: string | null }>(
      `select payload->>'id' as id, seq::text, subject, causation_id from events
        where tenant_id = $1 and subject in ('listings.changed', 'listings.pushed', 'listings.refused') and payload->>'id' = any($2::text[]) order by events.seq`,
      [DEMO_TENANT.id, ids],
    );
    const out = new Map<string, { changed: number; answer: string | null; subject: string }>();
    for (const r of rows) {
      const cur = out.get(r.id) ?? { changed: 0, answer: null, subject: '' };
      if (r.subject === 'listings.changed') cur.changed = Number(r.seq);
      else Object.assign(cur, { answer: r.causation_id, subject: r.subject });
      out.set(r.id, cur);
    }
    return out;
  }, { tenantId: DEMO_TENANT.id });
}

/** The consumer fetched past `seq` and holds no delivery in flight or waiting. */
async function consumerPast(name: string, seq: number): Promise<boolean> {
  const { rows } = await h.db.query<{ cursor: string; open: string }>(
    `select c.cursor::text, (select count(*) from consumer_deliveries d where d.consumer = c.name)::text as open from event_consumers c where c.name = $1`,
    [name],
  );
  return Number(rows[0]?.cursor) >= seq && rows[0]?.open === '0';
}

describe('listing-push, batched', () => {
  it('pushes a bulk creation together: each listing accepted or refused on its own, caused by its own change', async () => {
    const r = await call(SELLER, 'POST', '/api/listings/bulk', { marketplace_ids: [account], variant_ids: vs.map((v) => v.id), status: 'active', mode: 'sync' });
    expect(r.status).toBe(200);
    const rows = await waitFor(allSynced, 'every listing pushed');
    const refused = rows.filter((l) => l.status === 'error');
    expect(refused).toHaveLength(1);
    expect(refused[0].feed_message).toBe(MISSING_IMAGE.ebay);
    const accepted = rows.filter((l) => l.status === 'active');
    expect(accepted).toHaveLength(12);
    expect(new Set(accepted.map((l) => l.external_id)).size).toBe(12);
    for (const l of accepted) expect(l.external_id).toMatch(/^EBAY-SBX-/);
    const byId = await causes(rows.map((l) => l.id));
    for (const l of rows) {
      const c = byId.get(l.id)!;
      expect(c.subject).toBe(l.status === 'error' ? 'listings.refused' : 'listings.pushed');
      expect(c.answer).toBe(String(c.changed));
    }
    // each accepted listing's history: created, then pushed once
    const history = (await call(SELLER, 'GET', `/api/listings/${accepted[0].id}`)).body.data.history as { kind: string }[];
    expect(history.filter((e) => e.kind === 'pushed')).toHaveLength(1);
  });

  it('holds the changes of a paused account and pushes them when it is resumed', async () => {
    const before = (await listings()).filter((l) => l.status === 'active');
    expect((await call(ADMIN, 'PUT', `/api/marketplaces/${account}`, { status: 'paused' })).status).toBe(200);
    const ids = before.map((l) => l.id);
    const change = await call(SELLER, 'POST', '/api/listings/bulk-actions', { action: 'change_price', ids, price_delta_pct: 5 });
    expect(change.body.succeeded).toBe(ids.length);
    // the consumer has handled the changes (its cursor is past them, nothing in flight) and left them pending
    const last = Math.max(...[...(await causes(ids)).values()].map((c) => c.changed));
    await waitFor(() => consumerPast('listing-push', last), 'the listing-push consumer past the changes');
    const held = (await listings()).filter((l) => ids.includes(l.id));
    expect(held.every((l) => l.sync_state === 'pending')).toBe(true);
    const c = await causes(ids);
    for (const id of ids) expect(c.get(id)!.changed).toBeGreaterThan(Number(c.get(id)!.answer));
    expect((await call(ADMIN, 'PUT', `/api/marketplaces/${account}`, { status: 'connected' })).status).toBe(200);
    const after = await waitFor(async () => {
      const rows = (await listings()).filter((l) => ids.includes(l.id));
      return rows.every((l) => l.sync_state === 'synced') ? rows : null;
    }, 'the held changes pushed');
    const priceOf = new Map(before.map((l) => [l.id, l.price_cents]));
    for (const l of after) expect(l.price_cents).toBe(Math.round(priceOf.get(l.id)! * 1.05));
    // the sandbox item carries the new price
    const items = await h.db.transaction(
      (tx) => tx.query<{ listing_id: string; price_cents: number }>('select listing_id, price_cents from sandbox_items where marketplace_id = $1', [account]),
      { tenantId: DEMO_TENANT.id },
    );
    for (const it of items.rows) if (priceOf.has(it.listing_id)) expect(Number(it.price_cents)).toBe(Math.round(priceOf.get(it.listing_id)! * 1.05));
  });
});
