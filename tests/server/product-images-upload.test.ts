/**
 * Product image uploads through the API with the database object store: upload (raw body of an image
 * type), served back with its content type, alt text and position, delete; limits (type, magic
 * numbers, size, empty), image by URL, tenant isolation of the list, the bytes and the writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, headersFor } from './tokens';
import { IMAGE_MAX_BYTES } from '../../contract/images';
import { databaseStore } from '../../server/storage/database';

let h: Harness;
const ADMIN = 'admin@demo.local';
const NW = 'owner@northwind.local';
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png-body')]);

async function upload(email: string, productId: string, bytes: Buffer, contentType: string, query = '') {
  const headers = { ...(await headersFor(h, email)), 'content-type': contentType };
  const res = await fetch(`${h.url}/api/products/${productId}/images${query}`, { method: 'POST', headers, body: new Uint8Array(bytes) });
  const text = await res.text();
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

let productId: string;
beforeAll(async () => {
  h = await startServer();
  const p = await call(ADMIN, 'GET', '/api/products?limit=1');
  productId = p.body.data[0].id;
});
afterAll(() => h?.close());

describe('product image uploads', () => {
  it('uploads an image, lists it, serves its bytes with the content type, edits alt text and deletes it', async () => {
    const r = await upload(ADMIN, productId, PNG, 'image/png', '?alt=Front%20view');
    expect(r.status).toBe(201);
    const img = r.body.data;
    expect(img).toMatchObject({ product_id: productId, url: `/api/images/${img.id}`, alt: 'Front view', content_type: 'image/png', size_bytes: PNG.length, uploaded: true });
    const list = await call(ADMIN, 'GET', `/api/products/${productId}/images`);
    expect(list.body.data.map((i: { id: string }) => i.id)).toContain(img.id);

    const res = await fetch(`${h.url}/api/images/${img.id}`, { headers: await headersFor(h, ADMIN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const put = await call(ADMIN, 'PUT', `/api/images/${img.id}`, { alt: 'Back view', position: 7 });
    expect(put.body.data).toMatchObject({ alt: 'Back view', position: 7 });

    const del = await call(ADMIN, 'DELETE', `/api/images/${img.id}`);
    expect(del.status).toBe(200);
    expect((await fetch(`${h.url}/api/images/${img.id}`, { headers: await headersFor(h, ADMIN) })).status).toBe(404);
    const left = await h.db.transaction((tx) => tx.query('select 1 from stored_objects where key like $1', [`%${img.id}`]), { tenantId: DEMO_TENANT.id });
    expect(left.rows).toHaveLength(0);
  });

  it('adds an image by URL at the next position', async () => {
    const r = await call(ADMIN, 'POST', `/api/products/${productId}/images`, { url: 'https://cdn.example.com/x.jpg', alt: 'X' });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ url: 'https://cdn.example.com/x.jpg', uploaded: false, content_type: null });
    expect(r.body.data.position).toBeGreaterThanOrEqual(1);
    const bad = await call(ADMIN, 'POST', `/api/products/${productId}/images`, { url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
  });

  it('refuses other content types, bytes that are not the declared image, empty and oversized files', async () => {
    expect((await upload(ADMIN, productId, Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml')).status).toBe(415);
    const html = await upload(ADMIN, productId, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.status).toBe(415);
    expect(html.body.message ?? html.body.error?.message ?? JSON.stringify(html.body)).toMatch(/not a PNG image/);
    expect((await upload(ADMIN, productId, Buffer.alloc(0), 'image/png')).status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect((await upload(ADMIN, productId, big, 'image/png')).status).toBe(413);
    const unknown = await upload(ADMIN, '00000000-0000-4000-8000-000000000000', PNG, 'image/png');
    expect(unknown.status).toBe(404);
  });

  it('keeps tenants apart: another tenant cannot list, read, change or delete the image', async () => {
    const img = (await upload(ADMIN, productId, PNG, 'image/png')).body.data;
    expect((await call(NW, 'GET', `/api/products/${productId}/images`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/images/${img.id}`, { headers: await headersFor(h, NW) })).status).toBe(404);
    expect((await call(NW, 'PUT', `/api/images/${img.id}`, { alt: 'stolen' })).status).toBe(404);
    expect((await call(NW, 'DELETE', `/api/images/${img.id}`)).status).toBe(404);
    expect((await upload(NW, productId, PNG, 'image/png')).status).toBe(404);
    expect((await fetch(`${h.url}/api/images/${img.id}`)).status).toBe(401);
  });
});

describe('database object store', () => {
  it('puts, gets and deletes bytes under RLS: a tenant sees only its own keys', async () => {
    const NW_ID = (await h.db.transaction((tx) => tx.query<{ id: string }>("select id from tenants where id <> $1 limit 1", [DEMO_TENANT.id]), { tenantId: DEMO_TENANT.id })).rows[0]?.id;
    await h.db.transaction((tx) => databaseStore(tx, DEMO_TENANT.id).put('demo/k1', new Uint8Array([1, 2, 3]), 'image/gif'), { tenantId: DEMO_TENANT.id });
    const got = await h.db.transaction((tx) => databaseStore(tx, DEMO_TENANT.id).get('demo/k1'), { tenantId: DEMO_TENANT.id });
    expect(got?.contentType).toBe('image/gif');
    expect([...got!.bytes]).toEqual([1, 2, 3]);
    if (NW_ID) {
      // the other tenant asking for the same key (even naming the demo tenant) gets nothing
      const other = await h.db.transaction((tx) => databaseStore(tx, DEMO_TENANT.id).get('demo/k1'), { tenantId: NW_ID });
      expect(other).toBeNull();
    }
    await h.db.transaction((tx) => databaseStore(tx, DEMO_TENANT.id).delete('demo/k1'), { tenantId: DEMO_TENANT.id });
    expect(await h.db.transaction((tx) => databaseStore(tx, DEMO_TENANT.id).get('demo/k1'), { tenantId: DEMO_TENANT.id })).toBeNull();
  });
});
