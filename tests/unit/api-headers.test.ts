import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../providers/api';
import { fakeDeps, json, T0 } from './api-fakes';

const storeCsrf = (f: ReturnType<typeof fakeDeps>, token = 'csrf-1') =>
  f.storage.setItem('seller-console.csrf', JSON.stringify({ token, expiresAt: T0 + 60_000 }));

describe('request headers and options (docs/product/api-calls.md)', () => {
  it('GET: base URL + /api, JSON, client name/version, Bearer, tenant, generated correlation id, credentials', async () => {
    const f = fakeDeps();
    storeCsrf(f);
    f.replies.push(json({ data: [] }));
    await createApiClient(f.deps).get('/products', { query: { search: 'mug', status: null } });
    const [call] = f.calls;
    expect(call.url).toBe('https://console.test/api/products?search=mug');
    expect(call.init.method).toBe('GET');
    expect(call.init.credentials).toBe('include');
    expect(call.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-Client-Name': 'seller-console',
      'X-Client-Version': '1.2.3',
      Authorization: 'Bearer token-1',
      'X-Tenant-Id': 'tenant-a',
      'X-Correlation-Id': 'id-1',
    });
    expect(call.headers['Idempotency-Key']).toBeUndefined();
    expect(call.headers['X-CSRF-Token']).toBeUndefined();
    expect(call.headers['X-Causation-Id']).toBeUndefined();
  });

  it('keeps a supplied correlation id and sends the causation id when given', async () => {
    const f = fakeDeps();
    f.replies.push(json({}));
    await createApiClient(f.deps).get('/orders', { correlationId: 'corr-9', causationId: 'cause-3' });
    expect(f.calls[0].headers['X-Correlation-Id']).toBe('corr-9');
    expect(f.calls[0].headers['X-Causation-Id']).toBe('cause-3');
  });

  it('non-GET: a random idempotency key per command and the stored CSRF token', async () => {
    const f = fakeDeps();
    storeCsrf(f);
    f.replies.push(json({ data: {} }, 201), json({ data: {} }));
    const client = createApiClient(f.deps);
    await client.post('/suppliers', { name: 'A' });
    await client.put('/suppliers/1', { name: 'B' });
    const [a, b] = f.calls.map((c) => c.headers);
    expect(a['X-CSRF-Token']).toBe('csrf-1');
    expect(a['Idempotency-Key']).toMatch(/^id-\d+$/);
    expect(b['Idempotency-Key']).toMatch(/^id-\d+$/);
    expect(b['Idempotency-Key']).not.toBe(a['Idempotency-Key']);
    expect(f.calls[0].init.body).toBe('{"name":"A"}');
  });

  it('uses a supplied idempotency key', async () => {
    const f = fakeDeps();
    storeCsrf(f);
    f.replies.push(json({}));
    await createApiClient(f.deps).delete('/suppliers/1', { idempotencyKey: 'my-key' });
    expect(f.calls[0].headers['Idempotency-Key']).toBe('my-key');
  });

  it('fetches the CSRF token lazily before the first non-GET, then reuses it', async () => {
    const f = fakeDeps();
    f.replies.push(json({ token: 'fresh', expires_at: new Date(T0 + 86_400_000).toISOString() }), json({}), json({}));
    const client = createApiClient(f.deps);
    await client.post('/suppliers/score-all');
    await client.post('/suppliers/score-all');
    expect(f.calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET https://console.test/api/csrf',
      'POST https://console.test/api/suppliers/score-all',
      'POST https://console.test/api/suppliers/score-all',
    ]);
    expect(f.calls[0].headers['X-Tenant-Id']).toBeUndefined();
    expect(f.calls[1].headers['X-CSRF-Token']).toBe('fresh');
    expect(f.calls[2].headers['X-CSRF-Token']).toBe('fresh');
  });

  it('sends a non-GET without CSRF token when none can be had', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'nope' }, 404), json({}));
    await createApiClient(f.deps).post('/suppliers', {});
    expect(f.calls[1].headers['X-CSRF-Token']).toBeUndefined();
    expect(f.calls[1].headers['Idempotency-Key']).toBeTruthy();
  });
});
