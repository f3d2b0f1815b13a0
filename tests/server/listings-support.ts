/** Helpers of the listings suites: a seeded variant with MAP and cost, product images, waiting for the push consumer. */
import type { Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';

export interface TestVariant { id: string; product_id: string; sku: string; price_cents: number; map_cents: number; cost_cents: number }

/** Demo variants that have a MAP and a cost, each of a different product, without listings. */
export async function variantsWithMap(h: Harness, n: number, offset = 0): Promise<TestVariant[]> {
  return h.db.transaction(async (tx) => {
    const { rows } = await tx.query<TestVariant>(
      `select distinct on (v.product_id) v.id, v.product_id, v.sku, v.price_cents, v.map_price_cents as map_cents, v.cost_cents
         from product_variants v
        where v.tenant_id = $1 and v.map_price_cents is not null and v.cost_cents is not null and v.cost_cents < v.map_price_cents
          and not exists (select 1 from listings l where l.variant_id = v.id)
        order by v.product_id, v.id`,
      [DEMO_TENANT.id],
    );
    return rows.slice(offset, offset + n).map((r) => ({ ...r, price_cents: Number(r.price_cents), map_cents: Number(r.map_cents), cost_cents: Number(r.cost_cents) }));
  }, { tenantId: DEMO_TENANT.id });
}

export async function setImages(h: Harness, productId: string, urls: string[]): Promise<void> {
  await h.db.transaction(async (tx) => {
    await tx.query('delete from product_images where product_id = $1', [productId]);
    for (const [i, url] of urls.entries()) {
      await tx.query('insert into product_images (tenant_id, product_id, url, alt, position) values ($1, $2, $3, $4, $5)', [DEMO_TENANT.id, productId, url, `image ${i + 1}`, i + 1]);
    }
  }, { tenantId: DEMO_TENANT.id });
}

export async function waitForListing(h: Harness, email: string, id: string, ok: (l: Record<string, unknown>) => boolean, ms = 20_000): Promise<Record<string, unknown>> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await callAs(h, email, 'GET', `/api/listings/${id}`);
    if (r.status === 200 && ok(r.body.data)) return r.body.data;
    if (Date.now() > until) throw new Error(`listing ${id} did not reach the expected state: ${JSON.stringify(r.body.data ?? r.body)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
