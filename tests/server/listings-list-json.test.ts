/**
 * Each listing keeps its list row as JSON (0021_listing_list_json.sql), and the list page reads it:
 * the kept row must equal the row built from LISTING_FIELDS with fresh lookups, for every listing,
 * after every kind of write that changes what it shows — its own columns, its account's name, its
 * product's title, its variant's cost, MAP and picture — and the page must agree with the detail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { LISTING_JSON, LISTING_LOOKUPS } from '../../server/api/listings/queries';

let h: Harness;
const T = DEMO_TENANT.id;
const ADMIN = 'admin@demo.local';
const q = <R>(sql: string, args: unknown[] = []) => h.db.transaction(async (tx) => (await tx.query<R>(sql, args)).rows, { tenantId: T });

/** Listings whose kept row differs from the row built now (none, when the triggers did their work). */
async function stale(): Promise<{ id: string; kept: unknown; built: unknown }[]> {
  const rows = await q<{ id: string; kept: string; built: string }>(
    `select l.id, l.list_json as kept, (select row_to_json(_row)::text from (select ${LISTING_JSON}) _row) as built
       from listings l ${LISTING_LOOKUPS} where l.tenant_id = $1`,
    [T],
  );
  expect(rows.length).toBeGreaterThan(5);
  return rows.filter((r) => r.kept !== r.built).map((r) => ({ id: String(r.id), kept: r.kept, built: r.built }));
}

let listing: { id: string; marketplace_id: string; product_id: string; variant_id: string };

beforeAll(async () => {
  h = await startServer();
  const r = await callAs(h, ADMIN, 'GET', '/api/listings?limit=1');
  listing = r.body.data[0];
}, 300_000);
afterAll(async () => h?.close());

describe('a listing\'s kept list row', () => {
  it('equals the row built from the fields, for every listing of the seed', async () => {
    expect(await stale()).toEqual([]);
  });

  it('follows the listing\'s own writes, its account, product and variant', async () => {
    const detail = async () => (await callAs(h, ADMIN, 'GET', `/api/listings/${listing.id}`)).body.data;
    const inList = async () => ((await callAs(h, ADMIN, 'GET', `/api/listings?limit=50&variant_id=${listing.variant_id}`)).body.data as { id: string }[]).find((l) => l.id === listing.id);

    await q('update listings set price_cents = price_cents + 7, title = $2 where id = $1', [listing.id, 'A "quoted" title\\']);
    await q(`update marketplace_accounts set name = name || ' (renamed)' where id = $1`, [listing.marketplace_id]);
    await q(`update products set title = title || ' — edited' where id = $1`, [listing.product_id]);
    await q('update product_variants set cost_cents = coalesce(cost_cents, 0) + 125, map_price_cents = 1999 where id = $1', [listing.variant_id]);
    const img = await callAs(h, ADMIN, 'POST', `/api/products/${listing.product_id}/images`, { url: 'https://cdn.example.com/list-json.jpg', variant_id: listing.variant_id, position: 1 });
    expect([200, 201]).toContain(img.status);
    expect(await stale()).toEqual([]);

    const row = (await inList()) as Record<string, unknown>;
    expect(row).toMatchObject({ title: 'A "quoted" title\\', map_price_cents: 1999, image_url: 'https://cdn.example.com/list-json.jpg' });
    expect(row.marketplace_name).toMatch(/\(renamed\)$/);
    expect(row.product_title).toMatch(/— edited$/);
    // the new picture sends the listing to the marketplace again, which writes it meanwhile: the list
    // and the detail agree once it is pushed (each read is one snapshot)
    const deadline = Date.now() + 20_000;
    for (;;) {
      const listed = (await inList()) as Record<string, unknown>;
      const { offers: _o, history: _h, ...d } = (await detail()) as Record<string, unknown>;
      const again = (await inList()) as Record<string, unknown>;
      if (JSON.stringify(listed) === JSON.stringify(again) || Date.now() > deadline) {
        expect(Object.keys(listed).sort()).toEqual(Object.keys(d).sort());
        expect(listed).toEqual(d);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await stale()).toEqual([]);
  });
});
