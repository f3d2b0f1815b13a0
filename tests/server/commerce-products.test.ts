import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const AGENT = 'agent@demo.local';
const NW = 'owner@northwind.local';

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('GET /api/products', () => {
  it('lists the seeded catalogue with pagination and meta', async () => {
    const r = await call(SELLER, 'GET', '/api/products?limit=20');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(20);
    expect(r.body.pagination).toMatchObject({ total: 250, limit: 20, offset: 0 });
    expect(r.body._meta).toMatchObject({ mocked: false, source: 'api' });
    const p = r.body.data[0];
    expect(typeof p.price).toBe('number');
    expect(p).toHaveProperty('variants_count');
  });

  it('searches title and SKU by word prefix', async () => {
    const bySku = await call(SELLER, 'GET', '/api/products?search=APP-0001');
    expect(bySku.body.data.map((p: { sku: string }) => p.sku)).toContain('APP-0001');
    const byTitle = await call(SELLER, 'GET', '/api/products?search=hood&limit=100');
    expect(byTitle.body.data.length).toBeGreaterThan(0);
    for (const p of byTitle.body.data) expect(p.title.toLowerCase()).toContain('hood');
  });

  it('filters by status, stock level, price range, supplier and exact SKU, and sorts', async () => {
    const drafts = await call(SELLER, 'GET', '/api/products?status=draft&limit=100');
    for (const p of drafts.body.data) expect(p.status).toBe('draft');
    const low = await call(SELLER, 'GET', '/api/products?stock_level=low_stock&limit=500');
    expect(low.body.data.length).toBeGreaterThan(0);
    for (const p of low.body.data) expect(p.stock >= 1 && p.stock <= 10).toBe(true);
    const out = await call(SELLER, 'GET', '/api/products?stock_level=out_of_stock&limit=500');
    for (const p of out.body.data) expect(p.stock).toBe(0);
    const range = await call(SELLER, 'GET', '/api/products?price_min=20&price_max=30&sort=price&order=asc&limit=500');
    const prices = range.body.data.map((p: { price: number }) => p.price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((x: number) => x >= 20 && x <= 30)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const supplierId = range.body.data[0].supplier_id;
    const bySupplier = await call(SELLER, 'GET', `/api/products?supplier_id=${supplierId}&limit=500`);
    expect(bySupplier.body.data.length).toBeGreaterThan(0);
    const variantSku = (await call(SELLER, 'GET', `/api/products/${range.body.data[0].id}/variants`)).body.data[0].sku;
    const bySku = await call(SELLER, 'GET', `/api/products?sku=${encodeURIComponent(variantSku)}`);
    expect(bySku.body.data.map((p: { id: string }) => p.id)).toEqual([range.body.data[0].id]);
    const titles = (await call(SELLER, 'GET', '/api/products?sort=title&order=asc&limit=50')).body.data.map((p: { title: string }) => p.title);
    expect(titles.length).toBe(50);
  });

  it('rejects bad query parameters with 400 and field details', async () => {
    const r = await call(SELLER, 'GET', '/api/products?sort=bogus&stock_level=plenty&limit=0');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    const fields = r.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['sort', 'stock_level', 'limit']));
  });
});

describe('product CRUD, variants and summaries', () => {
  let id: string;
  it('creates a product with variants and supplier links (201, audited, event)', async () => {
    const sup = (await call(SELLER, 'GET', '/api/suppliers?limit=1')).body.data[0];
    const r = await call(SELLER, 'POST', '/api/products', {
      title: 'Test Lamp',
      sku: 'TST-LAMP',
      map_price: 20,
      supplier_id: sup.id,
      variants: [
        { sku: 'TST-LAMP-RED', price: 25, stock: 4, option1_name: 'Color', option1_value: 'Red', map_price: 20 },
        { sku: 'TST-LAMP-BLU', price: 27, stock: 6, option1_name: 'Color', option1_value: 'Blue' },
      ],
      suppliers: [{ supplier_id: sup.id, supplier_cost: 9.5, supplier_stock: 100 }],
    });
    expect(r.status).toBe(201);
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({ sku: 'TST-LAMP', handle: 'tst-lamp', stock: 10, price: 25, status: 'active' });
    expect(r.body.data.variants).toHaveLength(2);
    expect(r.body.data.suppliers[0]).toMatchObject({ supplier_id: sup.id, supplier_cost: 9.5 });
    const audit = await h.db.transaction((tx) => tx.query<{ action: string }>("select action from audit_log where resource = 'product' and resource_id = $1", [id]), { tenantId: DEMO_TENANT.id });
    expect(audit.rows.map((a) => a.action)).toEqual(['product.create']);
    const ev = await h.db.transaction((tx) => tx.query<{ subject: string }>("select subject from events where payload->>'id' = $1", [id]), { tenantId: DEMO_TENANT.id });
    expect(ev.rows.map((e) => e.subject)).toEqual(['products.created']);
  });

  it('refuses a duplicate SKU (409) and invalid bodies (400 with details)', async () => {
    const dup = await call(SELLER, 'POST', '/api/products', { title: 'Dup', sku: 'tst-lamp', price: 3 });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('sku_taken');
    const dupVariant = await call(SELLER, 'POST', '/api/products', { title: 'Dup', sku: 'OTHER-1', variants: [{ sku: 'TST-LAMP-RED', price: 1 }] });
    expect(dupVariant.status).toBe(409);
    const bad = await call(SELLER, 'POST', '/api/products', { title: '', sku: 'X', price: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['title', 'price']));
    const belowMap = await call(SELLER, 'POST', '/api/products', { title: 'Cheap', sku: 'CHEAP-1', price: 5, map_price: 10 });
    expect(belowMap.status).toBe(400);
    expect(belowMap.body.details[0]).toMatchObject({ field: 'price', message: 'Price is below the MAP price' });
  });

  it('reads, updates (variants replaced, stock re-summed) and lists variants', async () => {
    const got = await call(AGENT, 'GET', `/api/products/${id}`);
    expect(got.status).toBe(200);
    const up = await call(SELLER, 'PUT', `/api/products/${id}`, {
      title: 'Test Lamp v2',
      variants: [{ sku: 'TST-LAMP-RED', price: 26, stock: 1, option1_name: 'Color', option1_value: 'Red' }, { sku: 'TST-LAMP-GRN', price: 28, stock: 2, option1_name: 'Color', option1_value: 'Green' }],
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ title: 'Test Lamp v2', stock: 3, price: 26 });
    const vs = await call(SELLER, 'GET', `/api/products/${id}/variants`);
    expect(vs.body.data.map((v: { sku: string }) => v.sku)).toEqual(['TST-LAMP-RED', 'TST-LAMP-GRN']);
    const sum = await call(SELLER, 'GET', `/api/products/variants/summary?product_id=${id}`);
    expect(sum.body.data).toMatchObject({ products: 1, variants: 2, total_stock: 3, price_min: 26, price_max: 28, low_stock: 2 });
    const opts = await call(SELLER, 'GET', `/api/products/variants/options?product_id=${id}`);
    expect(opts.body.data).toEqual([{ name: 'Color', values: ['Green', 'Red'] }]);
    const all = await call(SELLER, 'GET', '/api/products/variants/summary');
    expect(all.body.data.products).toBe(251);
    const allOpts = await call(SELLER, 'GET', '/api/products/variants/options');
    expect(allOpts.body.data.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['Color', 'Size']));
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(SELLER, 'GET', '/api/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(SELLER, 'GET', '/api/products/not-a-uuid')).status).toBe(400);
  });

  it('deletes a product', async () => {
    const del = await call(SELLER, 'DELETE', `/api/products/${id}`);
    expect(del.status).toBe(200);
    expect((await call(SELLER, 'GET', `/api/products/${id}`)).status).toBe(404);
  });
});

describe('POST /api/products/bulk', () => {
  it('updates prices by percentage with per-item results, refusing items that would go below MAP', async () => {
    const list = (await call(SELLER, 'GET', '/api/products?limit=500&status=active')).body.data as { id: string; price: number; map_price: number | null }[];
    const free = list.filter((p) => p.map_price === null).slice(0, 2);
    const mapped = list.find((p) => p.map_price !== null)!;
    const missing = '00000000-0000-4000-8000-000000000001';
    const r = await call(SELLER, 'POST', '/api/products/bulk', { action: 'update', ids: [...free.map((p) => p.id), mapped.id, missing], changes: { price_delta_pct: -20 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ action: 'update', succeeded: 2, failed: 2 });
    const byId = new Map(r.body.data.results.map((x: { id: string }) => [x.id, x]));
    expect(byId.get(mapped.id)).toMatchObject({ ok: false, error: { code: 'below_map' } });
    expect(byId.get(missing)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const after = (await call(SELLER, 'GET', `/api/products/${free[0].id}`)).body.data;
    expect(after.price).toBeCloseTo(Math.round(free[0].price * 0.8 * 100) / 100, 1);
    const stock = await call(SELLER, 'POST', '/api/products/bulk', { action: 'update', ids: [free[0].id], changes: { stock: 0 } });
    expect(stock.body.data.succeeded).toBe(1);
    expect((await call(SELLER, 'GET', `/api/products/${free[0].id}`)).body.data.stock).toBe(0);
  });

  it('deletes in bulk and validates the body', async () => {
    const ids = (await call(SELLER, 'GET', '/api/products?limit=2&sort=sku&order=desc')).body.data.map((p: { id: string }) => p.id);
    const r = await call(SELLER, 'POST', '/api/products/bulk', { action: 'delete', ids });
    expect(r.body.data.succeeded).toBe(2);
    const bad = await call(SELLER, 'POST', '/api/products/bulk', { action: 'update', ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['ids', 'changes']));
  });
});

describe('tenant isolation', () => {
  it('Northwind sees only its own catalogue and cannot read or change a Demo product', async () => {
    const demo = (await call(SELLER, 'GET', '/api/products?limit=1')).body.data[0];
    const nw = await call(NW, 'GET', '/api/products?limit=500');
    expect(nw.body.pagination.total).toBe(40);
    expect(nw.body.data.every((p: { sku: string }) => p.sku.startsWith('NW-'))).toBe(true);
    expect((await call(NW, 'GET', `/api/products/${demo.id}`)).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/products/${demo.id}`, { title: 'hijack' })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/products/${demo.id}`)).status).toBe(404);
    const search = await call(NW, 'GET', `/api/products?sku=${demo.sku}`);
    expect(search.body.data).toEqual([]);
    const bulk = await call(NW, 'POST', '/api/products/bulk', { action: 'delete', ids: [demo.id] });
    expect(bulk.body.data.results[0]).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await call(SELLER, 'GET', `/api/products/${demo.id}`)).body.data.title).toBe(demo.title);
  });
});
