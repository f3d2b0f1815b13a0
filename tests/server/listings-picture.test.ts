/**
 * A listing's picture (docs/marketplaces.md "Listings"): the variant's own first image, else its
 * product's first image. It is kept on the variant by the image writes (0020_variant_image.sql), so
 * every way an image changes must show in the list and the detail at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';

let h: Harness;
const ADMIN = 'admin@demo.local';
const call = (method: string, path: string, body?: unknown) => callAs(h, ADMIN, method, path, body);

interface Img { id: string; url: string; variant_id: string | null; position: number }
let listing: { id: string; product_id: string; variant_id: string; image_url: string | null };

/** The picture as the list page and the detail answer it (they must agree). */
async function picture(): Promise<string | null> {
  const page = await call('GET', `/api/listings?limit=50&variant_id=${listing.variant_id}`);
  const row = (page.body.data as { id: string; image_url: string | null }[]).find((l) => l.id === listing.id)!;
  const detail = await call('GET', `/api/listings/${listing.id}`);
  expect(detail.body.data.image_url).toBe(row.image_url);
  return row.image_url;
}

const images = async (): Promise<Img[]> => (await call('GET', `/api/products/${listing.product_id}/images`)).body.data;

beforeAll(async () => {
  h = await startServer();
  const r = await call('GET', '/api/listings?limit=1');
  listing = r.body.data[0];
});
afterAll(() => h?.close());

describe("a listing's picture follows its product's images", () => {
  it("shows the variant's own image first, else the product's first, and follows a delete", async () => {
    const expected = (imgs: Img[]) => {
      const own = imgs.filter((i) => i.variant_id === listing.variant_id).sort((a, b) => a.position - b.position);
      const wide = imgs.filter((i) => i.variant_id === null).sort((a, b) => a.position - b.position);
      return (own[0] ?? wide[0])?.url ?? null;
    };
    const before = expected(await images());
    expect(await picture()).toBe(before);
    const own = await call('POST', `/api/products/${listing.product_id}/images`, { url: 'https://cdn.example.com/own.jpg', variant_id: listing.variant_id, position: 1 });
    expect(own.status).toBe(201);
    expect(await picture()).toBe('https://cdn.example.com/own.jpg');
    expect((await call('DELETE', `/api/images/${own.body.data.id}`)).status).toBe(200);
    expect(await picture()).toBe(before);
  });

  it('takes a new variant image at once, before any image of the product, and a new first position', async () => {
    const a = await call('POST', `/api/products/${listing.product_id}/images`, { url: 'https://cdn.example.com/variant-b.jpg', variant_id: listing.variant_id, position: 5 });
    expect(a.status).toBe(201);
    expect(await picture()).toBe('https://cdn.example.com/variant-b.jpg');
    const b = await call('POST', `/api/products/${listing.product_id}/images`, { url: 'https://cdn.example.com/variant-a.jpg', variant_id: listing.variant_id, position: 1 });
    expect(await picture()).toBe('https://cdn.example.com/variant-a.jpg');
    // a product-wide image first in position does not beat the variant's own
    await call('POST', `/api/products/${listing.product_id}/images`, { url: 'https://cdn.example.com/product-first.jpg', position: 1 });
    expect(await picture()).toBe('https://cdn.example.com/variant-a.jpg');
    // moving the first one back lets the other come first
    expect((await call('PUT', `/api/images/${b.body.data.id}`, { position: 9 })).status).toBe(200);
    expect(await picture()).toBe('https://cdn.example.com/variant-b.jpg');
  });

  it("gives a new variant its product's picture", async () => {
    const wide = (await images()).filter((i) => i.variant_id === null).sort((a, b) => a.position - b.position);
    const v = await call('POST', `/api/products/${listing.product_id}/variants`, { sku: 'PICTURE-NEW-1', price: 40, stock: 1, option1_name: 'Size', option1_value: 'Picture' });
    expect(v.status).toBe(201);
    const row = await h.db.transaction(
      (tx) => tx.query<{ image_url: string | null }>('select image_url from product_variants where id = $1', [v.body.data.id]),
      { tenantId: DEMO_TENANT.id },
    );
    expect(row.rows[0].image_url).toBe(wide[0].url);
  });
});
