/**
 * Router-level errors answer the API's `{ message, code, details }` (server/api/router-errors.ts,
 * docs/api-conventions.md "Errors"), and a 400 about fields carries Refine's `errors` + `statusCode`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, headersFor } from './tokens';
import { anonHeaders } from './auth-kit';

let h: Harness;
let headers: Record<string, string>;
const SELLER = 'seller@demo.local';

beforeAll(async () => {
  h = await startServer();
  headers = await headersFor(h, SELLER);
}, 180_000);
afterAll(async () => h?.close());

async function raw(method: string, path: string, body?: string) {
  const res = await fetch(`${h.url}${path}`, { method, headers, body });
  return { status: res.status, allow: res.headers.get('allow'), body: JSON.parse(await res.text()) };
}

describe('router errors', () => {
  it('a URL that is not valid percent-encoding is a 400 bad_url in the API shape', async () => {
    const r = await raw('GET', '/api/products/%E0%A4%A');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: expect.stringContaining('not valid percent-encoding'), code: 'bad_url', details: null });
  });

  it('an unknown path is a 404 not_found in the API shape', async () => {
    const r = await raw('GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Route GET /api/no-such-thing not found', code: 'not_found', details: null });
  });

  it('a known path with another method is a 405 with Allow', async () => {
    const r = await raw('PATCH', '/api/products');
    expect(r.status).toBe(405);
    expect(r.allow).toBe('GET, HEAD, POST');
    expect(r.body).toMatchObject({ code: 'method_not_allowed', details: { allow: ['GET', 'HEAD', 'POST'] } });
    const item = await raw('POST', '/api/products/00000000-0000-0000-0000-000000000000');
    expect(item.status).toBe(405);
    expect(item.allow).toBe('DELETE, GET, HEAD, PUT');
  });

  it('a long path parameter reaches the schema: 400 naming the field, not a bare router 404', async () => {
    const r = await raw('GET', `/api/products/${'a'.repeat(500)}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation_failed', errors: { id: expect.any(String) }, statusCode: 400 });
    const tooLong = await raw('GET', `/api/products/${'a'.repeat(5000)}`);
    expect(tooLong.status).toBe(404);
    expect(tooLong.body.code).toBe('not_found');
    expect(tooLong.body.message.length).toBeLessThan(400);
  });

  it('a URL past the HTTP server header limit is a 431 in the API shape', async () => {
    const r = await fetch(`${h.url}/api/products?search=${'x'.repeat(20_000)}`, { headers });
    expect(r.status).toBe(431);
    expect(await r.json()).toEqual({ message: 'The request line or headers are too large', code: 'too_large', details: null });
  });
});

describe('field errors in the shape Refine forms read', () => {
  it('a 400 carries errors { field.path: message } and statusCode beside details', async () => {
    const r = await callAs(h, SELLER, 'POST', '/api/products', { title: '', sku: 'X', price: 1, variants: [{ sku: '', price: -1 }] });
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
    expect(r.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'title' })]));
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['title', 'variants.0.sku', 'variants.0.price']));
  });

  it('a duplicate SKU is a 409 with errors { sku }', async () => {
    const first = await callAs(h, SELLER, 'POST', '/api/products', { title: 'Twin', sku: 'TWIN-SKU-1', price: 5 });
    expect(first.status).toBe(201);
    const dup = await callAs(h, SELLER, 'POST', '/api/products', { title: 'Twin again', sku: 'TWIN-SKU-1', price: 5 });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'sku_taken', statusCode: 409, errors: { sku: expect.any(String) } });
  });

  it('NUL characters anywhere are a 400 naming the field (body, query, keys)', async () => {
    const body = await callAs(h, SELLER, 'POST', '/api/suppliers', { name: 'Acme\u0000' });
    expect(body.status).toBe(400);
    expect(body.body.errors).toEqual({ name: 'must not contain NUL characters' });
    const query = await callAs(h, SELLER, 'GET', '/api/products?search=a%00b');
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual({ search: 'must not contain NUL characters' });
    const key = await callAs(h, SELLER, 'PUT', '/api/products/00000000-0000-0000-0000-000000000000', { 'ti\u0000tle': 'x' });
    expect(key.status).toBe(400);
    const otp = await fetch(`${h.url}/auth/v1/otp`, { method: 'POST', headers: anonHeaders(h), body: JSON.stringify({ email: 'a\u0000@b.co' }) });
    expect(otp.status).toBe(400);
    expect(await otp.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('email: must not contain NUL characters') });
  });

  it('an unpaired surrogate anywhere is the same 400 naming the field, where it once was a 500 or stored as U+FFFD', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/suppliers', { name: 'a\ud800b' }, 'name'],
      ['POST', '/api/suppliers', { name: 'Acme', contact_name: '\udc00' }, 'contact_name'],
      ['POST', '/api/orders/1/cancel', { reason: 'a\ud800b' }, 'reason'],
      ['POST', '/api/orders/1/status', { status: 'routed', reason: 'a\ud800b' }, 'reason'],
      ['POST', '/api/pricing/rules', { name: 'R', strategy: 'hold', scope: { type: 'tag', tag: 'a\ud800b' } }, 'scope.tag'],
      ['POST', '/api/returns', { order_id: '1', reason: 'damaged', note: 'a\udc00' }, 'note'],
      ['POST', `/api/returns/${id}/reject`, { reason: 'a\ud800b' }, 'reason'],
      ['POST', '/api/dlq/1/discard', { reason: 'a\ud800b' }, 'reason'],
      ['POST', '/api/dlq/replay', { filter: { subject: 'a\ud800b' } }, 'filter.subject'],
      ['PUT', `/api/products/${id}`, { 'ti\ud800tle': 'x' }, 'ti\\ud800tle'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await callAs(h, SELLER, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.details, `${method} ${path}`).toEqual([{ field, message: 'must not contain unpaired surrogates (invalid Unicode)', code: 'invalid_string' }]);
    }
    const otp = await fetch(`${h.url}/auth/v1/otp`, { method: 'POST', headers: anonHeaders(h), body: JSON.stringify({ email: 'a\udc00@b.co' }) });
    expect(otp.status).toBe(400);
    expect(await otp.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('email: must not contain unpaired surrogates') });
  });
});
