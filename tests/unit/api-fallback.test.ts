import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../providers/api';
import { fakeDeps, json, T0 } from './api-fakes';

const mockProducts = () => ({ data: Array.from({ length: 20 }, (_, i) => ({ id: i + 1 })) });

describe('mock fallback and the meta block (docs/product/data.md, docs/product/api-calls.md)', () => {
  it('real answers carry _meta.source "api"', async () => {
    const f = fakeDeps();
    f.replies.push(json({ data: [{ id: 1 }] }));
    const answer = await createApiClient(f.deps).get<{ data: unknown[] }>('/products');
    expect(answer._meta).toEqual({ mocked: false, source: 'api', timestamp: new Date(T0).toISOString() });
  });

  it("keeps the server's own _meta", async () => {
    const f = fakeDeps();
    f.replies.push(json({ data: [], _meta: { mocked: false, source: 'api', timestamp: '2024-12-31T23:00:00.000Z' } }));
    const answer = await createApiClient(f.deps).get('/products');
    expect(answer._meta.timestamp).toBe('2024-12-31T23:00:00.000Z');
  });

  it('after the final gateway failure (API down) returns generated data flagged mocked', async () => {
    const f = fakeDeps();
    for (let i = 0; i < 4; i++) f.replies.push(json({}, 503));
    const answer = await createApiClient(f.deps).get('/products', { fallback: mockProducts });
    expect(f.calls).toHaveLength(4);
    expect(answer.data).toHaveLength(20);
    expect(answer._meta).toEqual({ mocked: true, source: 'mock', timestamp: expect.any(String) });
  });

  it('returns mock data on a network error', async () => {
    const f = fakeDeps();
    f.replies.push(new TypeError('Failed to fetch'));
    const answer = await createApiClient(f.deps).get('/products', { fallback: mockProducts });
    expect(answer._meta.mocked).toBe(true);
  });

  it('wraps non-object mock data as {data, _meta}', async () => {
    const f = fakeDeps();
    f.replies.push(new TypeError('Failed to fetch'));
    const answer = await createApiClient(f.deps).get<{ data: number[] }>('/x', { fallback: () => [1, 2] as unknown as { data: number[] } });
    expect(answer.data).toEqual([1, 2]);
    expect(answer._meta.source).toBe('mock');
  });

  it('does not hide an error the API itself answered (500 after its retries) behind mock data', async () => {
    const f = fakeDeps();
    for (let i = 0; i < 4; i++) f.replies.push(json({ message: 'boom' }, 500));
    await expect(createApiClient(f.deps).get('/products', { fallback: mockProducts })).rejects.toMatchObject({ status: 500 });
    expect(f.calls).toHaveLength(4);
  });

  it('does not hide a client error behind mock data', async () => {
    const f = fakeDeps();
    f.replies.push(json({ message: 'forbidden', code: 'forbidden' }, 403));
    await expect(createApiClient(f.deps).get('/products', { fallback: mockProducts })).rejects.toMatchObject({ status: 403 });
  });

  it('records mocked answers in the request log', async () => {
    const f = fakeDeps();
    f.replies.push(json({ ok: 1 }), new TypeError('Failed to fetch'));
    const client = createApiClient(f.deps);
    await client.get('/a');
    await client.get('/b', { fallback: () => ({ ok: 0 }) });
    expect(client.log.events().map((e) => [e.endpoint, e.mocked, e.error])).toEqual([
      ['/a', false, undefined],
      ['/b', true, 'Failed to fetch'],
    ]);
    expect(client.log.stats()).toMatchObject({ total: 2, mocked: 1, mockedPercent: 50, errorRate: 0.5 });
  });
});
