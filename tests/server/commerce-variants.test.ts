/**
 * Variants one at a time — docs/commerce.md "Variants one at a time": add, change and remove a single
 * variant (price, cost, stock, MAP, SKU, options) with the product's roll-up, validation (below MAP per
 * variant, duplicate SKU 409 with a field error), roles, tenant isolation, audit, events, idempotency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';

interface Variant { id: string; sku: string; price: number; map_price: number | null; stock: number; orders_count: number; option1_value: string | null }

let productId: string;
let red: Variant;

const inDemo = <T>(sql: string, params: unknown[]) =>
  h.db.transaction((tx) => tx.query<T & Record<string, unknown>>(sql, params), { tenantId: DEMO_TENANT.id });

beforeAll(async () => {
  h = await startServer();
  const created = await call(SELLER, 'POST', '/api/products', {
    title: 'Variant Lamp',
    sku: 'VAR-LAMP',
    variants: [
      { sku: 'VAR-LAMP-RED', price: 30, stock: 4, map_price: 25, option1_name: 'Color', option1_value: 'Red' },
      { sku: 'VAR-LAMP-BLU', price: 32, stock: 6, option1_name: 'Color', option1_value: 'Blue' },
    ],
  });
  expect(created.status).toBe(201);
  productId = created.body.data.id;
  red = created.body.data.variants.find((v: Variant) => v.sku === 'VAR-LAMP-RED');
});
afterAll(async () => h?.close());

describe('PUT /api/products/{id}/variants/{variantId}', () => {
  it('changes one variant (price, cost, stock, MAP, SKU, options) and rolls the product up', async () => {
    const r = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, {
      price: 27.5, cost: 11.25, stock: 9, map_price: 26, sku: 'VAR-LAMP-CRIMSON', option1_value: 'Crimson',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: red.id, price: 27.5, cost: 11.25, stock: 9, map_price: 26, sku: 'VAR-LAMP-CRIMSON', option1_value: 'Crimson', orders_count: 0 });
    const p = (await call(SELLER, 'GET', `/api/products/${productId}`)).body.data;
    // the other variant is untouched; the product's stock is the sum and its price the lowest
    expect(p.variants.find((v: Variant) => v.sku === 'VAR-LAMP-BLU')).toMatchObject({ price: 32, stock: 6 });
    expect(p).toMatchObject({ price: 27.5, stock: 15 });
    const audit = await inDemo<{ action: string; before: { price: number }; after: { price: number } }>(
      "select action, before, after from audit_log where resource = 'product_variant' and resource_id = $1", [red.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'product_variant.update', before: { price: 30 }, after: { price: 27.5 } });
    const ev = await inDemo<{ subject: string }>("select subject from events where payload->>'id' = $1", [red.id]);
    expect(ev.rows.map((e) => e.subject)).toEqual(['products.variant_updated']);
  });

  it('refuses a price below the MAP price, per variant and after merging with the stored MAP', async () => {
    const below = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, { price: 20 });
    expect(below.status).toBe(400);
    expect(below.body.details).toEqual([{ field: 'price', message: 'Price is below the MAP price', code: 'below_map' }]);
    const both = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, { price: 10, map_price: 12 });
    expect(both.status).toBe(400);
    expect(both.body.details[0]).toMatchObject({ field: 'price' });
    // lowering the MAP with the price is fine
    const ok = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, { price: 20, map_price: 19 });
    expect(ok.status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/products/${productId}`)).body.data.price).toBe(20);
  });

  it('validates the body with per-field details', async () => {
    const r = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, { price: -1, stock: 1.5, sku: '' });
    expect(r.status).toBe(400);
    expect(r.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['price', 'stock', 'sku']));
    const empty = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, {});
    expect(empty.status).toBe(400);
  });

  it('answers 409 with a field error under sku for a SKU another variant has (any case)', async () => {
    const r = await call(SELLER, 'PUT', `/api/products/${productId}/variants/${red.id}`, { sku: 'var-lamp-blu' });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('sku_taken');
    expect(r.body.details).toEqual([{ field: 'sku', message: 'SKU already in use', code: 'sku_taken' }]);
  });

  it('answers 404 for a variant of another product', async () => {
    const other = (await call(SELLER, 'GET', '/api/products?limit=1&sort=sku&order=asc')).body.data[0];
    expect((await call(SELLER, 'PUT', `/api/products/${other.id}/variants/${red.id}`, { price: 40 })).status).toBe(404);
  });
});

describe('POST /api/products/{id}/variants', () => {
  let green: Variant;
  it('adds a variant (201, audited, event) at the end and rolls the product up', async () => {
    const r = await call(AGENT, 'POST', `/api/products/${productId}/variants`, { sku: 'VAR-LAMP-GRN', price: 18, stock: 2, option1_name: 'Color', option1_value: 'Green' });
    expect(r.status).toBe(201);
    green = r.body.data;
    expect(green).toMatchObject({ sku: 'VAR-LAMP-GRN', price: 18, stock: 2, position: 3, orders_count: 0 });
    const p = (await call(SELLER, 'GET', `/api/products/${productId}`)).body.data;
    expect(p.variants).toHaveLength(3);
    expect(p).toMatchObject({ price: 18, stock: 17 });
    const ev = await inDemo<{ subject: string; payload: { product_id: string } }>("select subject, payload from events where payload->>'id' = $1", [green.id]);
    expect(ev.rows).toEqual([expect.objectContaining({ subject: 'products.variant_created', payload: expect.objectContaining({ product_id: productId }) })]);
  });

  it('refuses below MAP, a duplicate SKU (409 field error) and a bad body', async () => {
    const below = await call(SELLER, 'POST', `/api/products/${productId}/variants`, { sku: 'VAR-LAMP-X', price: 5, map_price: 9 });
    expect(below.status).toBe(400);
    expect(below.body.details[0]).toMatchObject({ field: 'price', message: 'Price is below the MAP price' });
    const seeded = (await call(SELLER, 'GET', '/api/products?limit=1&sort=sku&order=asc')).body.data[0];
    const seededSku = (await call(SELLER, 'GET', `/api/products/${seeded.id}/variants`)).body.data[0].sku as string;
    const dup = await call(SELLER, 'POST', `/api/products/${productId}/variants`, { sku: seededSku.toLowerCase(), price: 40 });
    expect(dup.status).toBe(409);
    expect(dup.body.details).toEqual([{ field: 'sku', message: 'SKU already in use', code: 'sku_taken' }]);
    const bad = await call(SELLER, 'POST', `/api/products/${productId}/variants`, { price: 'cheap' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['sku', 'price']));
    expect((await call(SELLER, 'GET', `/api/products/${productId}/variants`)).body.data).toHaveLength(3);
  });

  it('honours an idempotency key: a retried add writes one variant', async () => {
    const headers = { ...(await headersFor(h, SELLER)), 'idempotency-key': `var-${Date.now()}` };
    const send = () => fetch(`${h.url}/api/products/${productId}/variants`, { method: 'POST', headers, body: JSON.stringify({ sku: 'VAR-LAMP-IDEM', price: 33 }) });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(((await second.json()) as { data: Variant }).data.id).toBe(((await first.json()) as { data: Variant }).data.id);
    const n = await inDemo<{ n: number }>("select count(*)::int as n from product_variants where sku = 'VAR-LAMP-IDEM'", []);
    expect(n.rows[0].n).toBe(1);
  });

  it('is open to every role with write:products (user, agent, admin)', async () => {
    for (const [i, who] of [SELLER, AGENT, ADMIN].entries()) {
      const r = await call(who, 'POST', `/api/products/${productId}/variants`, { sku: `VAR-LAMP-ROLE-${i}`, price: 40 });
      expect(r.status, who).toBe(201);
      expect((await call(who, 'DELETE', `/api/products/${productId}/variants/${r.body.data.id}`)).status, who).toBe(200);
    }
  });

  it('removes a variant and re-rolls the product', async () => {
    const del = await call(SELLER, 'DELETE', `/api/products/${productId}/variants/${green.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: green.id, deleted: true, orders_count: 0 });
    const p = (await call(SELLER, 'GET', `/api/products/${productId}`)).body.data;
    expect(p.variants.map((v: Variant) => v.sku)).not.toContain('VAR-LAMP-GRN');
    expect(p.price).toBe(20);
    expect((await call(SELLER, 'DELETE', `/api/products/${productId}/variants/${green.id}`)).status).toBe(404);
  });
});

describe('a variant that orders reference', () => {
  it('carries orders_count; deleting it keeps the order lines (link cleared) and says how many orders', async () => {
    const line = await inDemo<{ variant_id: string; product_id: string; n: number }>(
      `select variant_id, product_id, count(distinct order_id)::int as n from order_items where variant_id is not null
        group by variant_id, product_id order by n desc, variant_id limit 1`, []);
    const { variant_id, product_id, n } = line.rows[0];
    const p = (await call(SELLER, 'GET', `/api/products/${product_id}`)).body.data;
    expect(p.variants.find((v: Variant) => v.id === variant_id).orders_count).toBe(n);
    const del = await call(SELLER, 'DELETE', `/api/products/${product_id}/variants/${variant_id}`);
    expect(del.body.data).toMatchObject({ deleted: true, orders_count: n });
    const kept = await inDemo<{ n: number; linked: number }>(
      'select count(*)::int as n, count(variant_id)::int as linked from order_items where product_id = $1 and variant_id is null', [product_id]);
    expect(kept.rows[0].n).toBeGreaterThan(0);
  });
});

describe('tenant isolation', () => {
  it('another tenant can neither read, change, add to nor delete a Demo variant', async () => {
    expect((await call(NW, 'PUT', `/api/products/${productId}/variants/${red.id}`, { price: 99 })).status).toBe(404);
    expect((await call(NW, 'POST', `/api/products/${productId}/variants`, { sku: 'NW-HIJACK', price: 99 })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/products/${productId}/variants/${red.id}`)).status).toBe(404);
    const v = (await call(SELLER, 'GET', `/api/products/${productId}/variants`)).body.data.find((x: Variant) => x.id === red.id);
    expect(v.price).toBe(20);
    // the SKU check is per tenant: Northwind may use a SKU Demo has
    const nwProduct = (await call(NW, 'GET', '/api/products?limit=1')).body.data[0];
    const same = await call(NW, 'POST', `/api/products/${nwProduct.id}/variants`, { sku: 'VAR-LAMP-BLU', price: 10 });
    expect(same.status).toBe(201);
  });
});

describe('POST /api/products with variants', () => {
  it('names the row of a variant SKU error (variants.N.sku)', async () => {
    const dup = await call(SELLER, 'POST', '/api/products', { title: 'Dup', sku: 'DUP-ROWS', variants: [{ sku: 'A-1', price: 1 }, { sku: 'VAR-LAMP-BLU', price: 2 }] });
    expect(dup.status).toBe(409);
    expect(dup.body.details[0]).toMatchObject({ field: 'variants.1.sku', code: 'sku_taken' });
    const twice = await call(SELLER, 'POST', '/api/products', { title: 'Dup', sku: 'DUP-ROWS', variants: [{ sku: 'B-1', price: 1 }, { sku: 'b-1', price: 2 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.details[0]).toMatchObject({ field: 'variants.1.sku', code: 'duplicate_sku' });
  });
});
