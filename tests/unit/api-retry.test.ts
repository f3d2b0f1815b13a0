import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../providers/api';
import { fakeDeps, json, T0 } from './api-fakes';

describe('retries (docs/product/constants.md)', () => {
  it('retries a 5xx up to 3 times with doubling jittered delays, then throws the API error', async () => {
    const randoms = [0, 0.999999, 0.5];
    const f = fakeDeps({ random: () => randoms.shift() ?? 0.5 });
    for (let i = 0; i < 4; i++) f.replies.push(json({ message: 'db down', code: 'unavailable' }, 503));
    const client = createApiClient(f.deps);
    const err = await client.get('/products').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, message: 'db down', code: 'unavailable' });
    expect(f.calls).toHaveLength(4);
    expect(f.sleeps).toEqual([875, 2250, 4000]);
  });

  it('stops retrying once an answer succeeds', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 500), json({}, 502), json({ data: [1] }));
    const answer = await createApiClient(f.deps).get<{ data: number[] }>('/products');
    expect(answer.data).toEqual([1]);
    expect(f.calls).toHaveLength(3);
    expect(f.sleeps).toEqual([1000, 2000]);
  });

  it('keeps the idempotency key and correlation id across retries of one command', async () => {
    const f = fakeDeps();
    f.storage.setItem('seller-console.csrf', JSON.stringify({ token: 'c', expiresAt: T0 + 1000 }));
    f.replies.push(json({}, 500), json({ data: { id: 1 } }, 201));
    await createApiClient(f.deps).post('/suppliers', { name: 'A' });
    const [a, b] = f.calls.map((c) => c.headers);
    expect(a['Idempotency-Key']).toBeTruthy();
    expect(b['Idempotency-Key']).toBe(a['Idempotency-Key']);
    expect(b['X-Correlation-Id']).toBe(a['X-Correlation-Id']);
  });

  it('on 429 honours Retry-After in seconds', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'slow down' }, 429, { 'Retry-After': '7' }), json({ ok: true }));
    await createApiClient(f.deps).get('/products');
    expect(f.sleeps).toEqual([7000]);
  });

  it('on 429 honours Retry-After as an HTTP date', async () => {
    const f = fakeDeps();
    const at = new Date(T0 + 15_000).toUTCString();
    f.replies.push(json({}, 429, { 'Retry-After': at }), json({ ok: true }));
    await createApiClient(f.deps).get('/products');
    expect(f.sleeps).toEqual([15_000]);
  });

  it('on 429 without Retry-After falls back to the exponential delay', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 429), json({}, 429), json({ ok: true }));
    await createApiClient(f.deps).get('/products');
    expect(f.sleeps).toEqual([1000, 2000]);
  });

  it('on 503 honours Retry-After (the database unavailable for a moment)', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'The database is unavailable; retry shortly', code: 'database_unavailable' }, 503, { 'Retry-After': '2' }), json({ ok: true }));
    await createApiClient(f.deps).get('/products');
    expect(f.sleeps).toEqual([2000]);
  });

  it('asks again, with the same key, while the server still runs the same command', async () => {
    const f = fakeDeps();
    f.storage.setItem('seller-console.csrf', JSON.stringify({ token: 'c', expiresAt: T0 + 1000 }));
    f.replies.push(json({ message: 'in progress', code: 'idempotency_in_progress' }, 409, { 'Retry-After': '1' }), json({ data: { id: 1 } }, 201));
    const answer = await createApiClient(f.deps).post<{ data: { id: number } }>('/suppliers', { name: 'A' });
    expect(answer.data).toEqual({ id: 1 });
    expect(f.sleeps).toEqual([1000]);
    expect(f.calls[1].headers['Idempotency-Key']).toBe(f.calls[0].headers['Idempotency-Key']);
  });

  it('does not retry any other conflict', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'This order already has a live label; void it first', code: 'label_exists' }, 409));
    const err = await createApiClient(f.deps).get('/products').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'label_exists' });
    expect(f.calls).toHaveLength(1);
  });

  it('does not retry a client error', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'bad sku', code: 'validation_failed', details: [{ field: 'sku' }] }, 400));
    const err = await createApiClient(f.deps).get('/products').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, message: 'bad sku', details: [{ field: 'sku' }] });
    expect(f.calls).toHaveLength(1);
    expect(f.sleeps).toEqual([]);
  });

  it('a network error (not an API error) ends the loop at once', async () => {
    const f = fakeDeps();
    f.replies.push(new TypeError('Failed to fetch'));
    const err = await createApiClient(f.deps).get('/products').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toBe('Failed to fetch');
    expect(f.calls).toHaveLength(1);
    expect(f.sleeps).toEqual([]);
  });

  it('a network error after a retryable answer also ends the loop', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 503), new TypeError('NetworkError when attempting to fetch resource.'));
    await expect(createApiClient(f.deps).get('/products')).rejects.toThrow('NetworkError');
    expect(f.calls).toHaveLength(2);
    expect(f.sleeps).toHaveLength(1);
  });
});
