/**
 * Delivery and hardening of every answer (docs/api-conventions.md "Security headers", "Body
 * limits"; docs/performance.md "Delivery"): helmet's headers with the app's CSP, HSTS only over
 * https, compressed API answers, precompressed static files with their cache lifetimes, and body
 * limits enforced before an anonymous body is read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { headersFor } from './tokens';

let h: Harness;
const dist = mkdtempSync(join(tmpdir(), 'seller-dist-'));
const SELLER = 'seller@demo.local';
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Seller Console</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets/app-1a2b3c.js'), ASSET);
  writeFileSync(join(dist, 'assets/app-1a2b3c.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(dist, 'assets/app-1a2b3c.js.gz'), gzipSync(ASSET));
  h = await startServer({ distDir: dist, trustProxy: true });
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; bodyBytes: number; sentBytes: number }

/**
 * A raw request that announces `declared` bytes but sends only the first chunk, then waits for the
 * answer: a server that waited for the whole body would never answer (and the test would time out).
 */
function rawRequest(method: string, path: string, headers: Record<string, string>, o: { declared?: number; firstChunk?: Buffer } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, h.url);
    const req = request({ method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { ...headers, ...(o.declared !== undefined ? { 'content-length': String(o.declared) } : {}) } }, (res) => {
      let bodyBytes = 0;
      res.on('data', (c: Buffer) => (bodyBytes += c.length));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bodyBytes, sentBytes: o.firstChunk?.length ?? 0 });
        req.destroy();
      });
    });
    req.on('error', reject);
    if (o.firstChunk) req.write(o.firstChunk);
    else req.end();
  });
}

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, frame-ancestors none and a referrer policy; no HSTS over http', async () => {
    for (const path of ['/health', '/api/me', '/', '/auth/v1/settings']) {
      const res = await fetch(`${h.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(csp, path).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('HSTS when the answer was served over https (behind a trusted TLS proxy)', async () => {
    const res = await fetch(`${h.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('compression and caching', () => {
  it('API answers are compressed with brotli or gzip as the client accepts', async () => {
    const headers = await headersFor(h, SELLER);
    const br = await rawRequest('GET', '/api/products?limit=50', { ...headers, 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await rawRequest('GET', '/api/products?limit=50', { ...headers, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-store');
    const plain = await rawRequest('GET', '/api/products?limit=50', { ...headers, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.bodyBytes).toBeLessThan(plain.bodyBytes / 2);
  });

  it('hashed assets come precompressed and immutable for a year; index.html is revalidated', async () => {
    const br = await rawRequest('GET', '/assets/app-1a2b3c.js', { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bodyBytes).toBe(brotliCompressSync(ASSET).length);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // precompressed variants: a shared cache must key on the encoding the client accepts
    expect(String(br.headers.vary ?? '').toLowerCase()).toContain('accept-encoding');
    const gz = await rawRequest('GET', '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.bodyBytes).toBe(gzipSync(ASSET).length);
    for (const path of ['/', '/index.html', '/orders/42']) {
      const page = await rawRequest('GET', path, {});
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
    }
  });
});

describe('missing assets', () => {
  it('a chunk that is not there is a 404 in the API error shape, not index.html', async () => {
    const res = await fetch(`${h.url}/assets/gone-0a1b2c.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('body limits', () => {
  const fiveMb = 5 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 'a');

  it('an anonymous 5 MB import is refused with 401 before its body is read', async () => {
    const r = await rawRequest('POST', '/api/imports/shopify-products', { 'content-type': 'text/csv' }, { declared: fiveMb, firstChunk: chunk });
    expect(r.status).toBe(401);
  });

  it('a forged token does not open the import limit either', async () => {
    const r = await rawRequest(
      'POST',
      '/api/imports/shopify-products',
      { 'content-type': 'text/csv', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
      { declared: fiveMb, firstChunk: chunk },
    );
    expect(r.status).toBe(401);
  });

  it('any other route refuses a body over 1 MiB before reading it', async () => {
    for (const path of ['/api/products', '/api/imports/jobs']) {
      const r = await rawRequest('POST', path, { 'content-type': 'application/json' }, { declared: fiveMb, firstChunk: chunk });
      expect(r.status, path).toBe(413);
    }
    // the auth gateway refuses a request without its public key even earlier (401)
    const otp = await rawRequest('POST', '/auth/v1/otp', { 'content-type': 'application/json' }, { declared: fiveMb, firstChunk: chunk });
    expect([401, 413]).toContain(otp.status);
  });

  it('a body over the limit answers in the API vocabulary (snake_case code, no framework names)', async () => {
    const res = await fetch(`${h.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toMatch(/^[a-z_]+$/);
    expect(body.code).not.toMatch(/fst_err/i);
  });

  it('a signed-in seller still imports a file of several megabytes', async () => {
    // many products with long (but storable) descriptions: each cell stays within the importer's cell bound
    const body = 'x'.repeat(6 * 1024);
    const rows = ['Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status'];
    for (let n = 1; n <= 300; n++) rows.push(`big-${n},Big ${n},<p>${body}</p>,Acme,Title,Default,BIG-${n},1,9.99,active`);
    const file = rows.join('\n');
    expect(Buffer.byteLength(file)).toBeGreaterThan(1.5 * 1024 * 1024);
    const res = await fetch(`${h.url}/api/imports/shopify-products?mode=sync&dry_run=true`, {
      method: 'POST',
      headers: { ...(await headersFor(h, SELLER)), 'content-type': 'text/csv' },
      body: file,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ created: 300, dry_run: true });
  });
});
