/**
 * The client's raw-body and file modes (CSV import and export, docs/api-client.md): the same call path
 * as JSON — retries with one idempotency key, session refresh, request log — with the file's text
 * sent as is and a file answer read as a Blob. Also the retry status pages show while retries run.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, createRetryStatus } from '../../providers/api';
import { fakeDeps as baseDeps, json, T0 } from './api-fakes';

/** A stored CSRF token, so a command goes straight out (no /csrf call first). */
function fakeDeps(over: Parameters<typeof baseDeps>[0] = {}) {
  const f = baseDeps(over);
  f.storage.setItem('seller-console.csrf', JSON.stringify({ token: 'c', expiresAt: T0 + 60_000 }));
  return f;
}

const CSV = 'Handle,Title\nlamp,Desk Lamp\n';

describe('raw body (import)', () => {
  it('posts the text as is with its content type, retrying a 503 under one idempotency key', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 503), json({ data: { created: 1 } }));
    const answer = await createApiClient(f.deps).post<{ data: { created: number } }>('/imports/shopify-products', undefined, {
      rawBody: CSV,
      headers: { 'Content-Type': 'text/csv' },
      query: { dry_run: 'true' },
    });
    expect(answer.data.created).toBe(1);
    expect(f.calls).toHaveLength(2);
    expect(f.calls.map((c) => c.init.body)).toEqual([CSV, CSV]);
    expect(f.calls[0].headers['Content-Type']).toBe('text/csv');
    expect(f.calls[0].url).toBe('https://console.test/api/imports/shopify-products?dry_run=true');
    expect(f.calls[0].headers['Idempotency-Key']).toBeTruthy();
    expect(f.calls[1].headers['Idempotency-Key']).toBe(f.calls[0].headers['Idempotency-Key']);
    expect(f.sleeps).toHaveLength(1);
  });

  it('refreshes a refused session once and sends the file again with the new token', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'expired' }, 401), json({ data: { created: 1 } }));
    await createApiClient(f.deps).post('/imports/shopify-products', undefined, { rawBody: CSV, headers: { 'Content-Type': 'text/csv' } });
    expect(f.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(f.calls[1].init.body).toBe(CSV);
  });

  it('reports upload progress through the upload dependency, and logs the call', async () => {
    const progress: number[] = [];
    const sent: unknown[] = [];
    const f = fakeDeps({
      upload: async (_url, init, onProgress) => {
        sent.push(init.body);
        onProgress(50);
        onProgress(100);
        return json({ data: { created: 2 } });
      },
    });
    const client = createApiClient(f.deps);
    await client.post('/imports/shopify-products', undefined, { rawBody: CSV, onUploadProgress: (p) => progress.push(p) });
    expect(sent).toEqual([CSV]);
    expect(progress).toEqual([50, 100]);
    expect(f.calls).toHaveLength(0);
    expect(client.log.events().map((e) => [e.method, e.endpoint, e.status])).toEqual([['POST', '/imports/shopify-products', 200]]);
  });
});

describe('file answers (export)', () => {
  it('answers a Blob after retrying, and records one request event', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 500), new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const client = createApiClient(f.deps);
    const blob = await client.blob('/products/export.csv', { query: { status: 'active' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe(CSV);
    expect(f.calls.map((c) => c.url)).toEqual(Array(2).fill('https://console.test/api/products/export.csv?status=active'));
    expect(client.log.events()).toHaveLength(1);
    expect(client.log.events()[0]).toMatchObject({ endpoint: '/products/export.csv', status: 200, mocked: false });
  });

  it("throws the API's error read from the JSON body", async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'Too many rows to export', code: 'too_large' }, 422));
    const err = await createApiClient(f.deps).blob('/products/export.csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: 'Too many rows to export' });
  });
});

describe('retry status', () => {
  it('marks the path while the client waits for a retry, and clears it when the call ends', async () => {
    const status = createRetryStatus();
    const seen: boolean[] = [];
    const f = fakeDeps({
      retryStatus: status,
      sleep: async () => void seen.push(status.isRetrying('/products')),
    });
    f.replies.push(json({}, 500), json({}, 500), json({ data: [] }));
    await createApiClient(f.deps).get('/products');
    expect(seen).toEqual([true, true]);
    expect(status.isRetrying('/products')).toBe(false);
  });
});
