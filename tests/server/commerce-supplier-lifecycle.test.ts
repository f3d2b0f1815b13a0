/**
 * A supplier's life outside the seeded history — docs/commerce.md "Supplier score" and "Deleting a
 * supplier": the detail says how many products a delete would touch, a new supplier with no history is
 * reported as skipped by score-all (with the reason), and the country must be an ISO 3166-1 code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs } from './tokens';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';

beforeAll(async () => {
  h = await startServer();
});
afterAll(async () => h?.close());

describe('supplier detail counts what a delete would touch', () => {
  it('products_count (main supplier) and linked_products_count (supplier links); the delete answer repeats them', async () => {
    const s = (await call(SELLER, 'POST', '/api/suppliers', { name: 'Count Me Co' })).body.data;
    expect(s).toMatchObject({ products_count: 0, linked_products_count: 0 });
    for (const i of [1, 2, 3]) {
      const p = await call(SELLER, 'POST', '/api/products', {
        title: `Counted ${i}`, sku: `CNT-${i}`, price: 10, supplier_id: i < 3 ? s.id : null, suppliers: i > 1 ? [{ supplier_id: s.id }] : [],
      });
      expect(p.status).toBe(201);
    }
    const got = (await call(SELLER, 'GET', `/api/suppliers/${s.id}`)).body.data;
    expect(got).toMatchObject({ products_count: 2, linked_products_count: 2 });
    // another tenant's view of its own supplier is not affected, and it cannot see this one
    expect((await call(NW, 'GET', `/api/suppliers/${s.id}`)).status).toBe(404);
    const del = await call(SELLER, 'DELETE', `/api/suppliers/${s.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ deleted: true, products_unlinked: 2, linked_products: 2 });
    const left = (await call(SELLER, 'GET', '/api/products?sku=CNT-1')).body.data[0];
    expect(left.supplier_id).toBeNull();
  });
});

describe('score-all and a supplier without history', () => {
  it('lists the supplier under skipped with the reason and does not count it as scored', async () => {
    const fresh = (await call(SELLER, 'POST', '/api/suppliers', { name: 'Brand New Supply', lead_time_days: 3 })).body.data;
    expect(fresh).toMatchObject({ score: null, scored_at: null, history_months: 0 });
    const seeded = (await call(SELLER, 'GET', '/api/suppliers?limit=1')).body.data[0];
    expect((await call(SELLER, 'GET', `/api/suppliers/${seeded.id}`)).body.data.history_months).toBe(12);
    const r = await call(SELLER, 'POST', '/api/suppliers/score-all');
    expect(r.status).toBe(200);
    expect(r.body.data.skipped).toEqual([
      { id: fresh.id, name: 'Brand New Supply', reason: 'no_history', message: 'No performance recorded in the last 12 months' },
    ]);
    expect(r.body.data.scored).toBe(r.body.data.suppliers.length - 1);
    const after = (await call(SELLER, 'GET', `/api/suppliers/${fresh.id}`)).body.data;
    expect(after).toMatchObject({ score: null, scored_at: null });
  });
});

describe('supplier country is an ISO 3166-1 alpha-2 code', () => {
  it('accepts a real code in any case and refuses made-up ones with a field error', async () => {
    const ok = await call(SELLER, 'POST', '/api/suppliers', { name: 'Country OK', country: 'de' });
    expect(ok.status).toBe(201);
    expect(ok.body.data.country).toBe('DE');
    for (const country of ['zz', 'XK', 'usa', 'u1']) {
      const bad = await call(SELLER, 'POST', '/api/suppliers', { name: 'Country bad', country });
      expect(bad.status, country).toBe(400);
      expect(bad.body.details[0]).toMatchObject({ field: 'country', message: 'Not an ISO 3166-1 country code (two letters, e.g. US)' });
    }
    const upd = await call(SELLER, 'PUT', `/api/suppliers/${ok.body.data.id}`, { country: 'ZZ' });
    expect(upd.status).toBe(400);
    expect(upd.body.details[0]).toMatchObject({ field: 'country' });
    const cleared = await call(SELLER, 'PUT', `/api/suppliers/${ok.body.data.id}`, { country: null });
    expect(cleared.body.data.country).toBeNull();
  });
});
