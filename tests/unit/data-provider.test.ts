import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../providers/api';
import { filterQuery, paginationQuery } from '../../providers/api/list-query';
import { createDataProvider } from '../../providers/data-provider';
import { fakeDeps, json, T0 } from './api-fakes';

function setup() {
  const f = fakeDeps();
  f.storage.setItem('seller-console.csrf', JSON.stringify({ token: 'c', expiresAt: T0 + 60_000 }));
  const dp = createDataProvider(createApiClient(f.deps));
  const sent = (i = 0) => {
    const u = new URL(f.calls[i].url);
    return { method: f.calls[i].init.method, path: u.pathname, query: Object.fromEntries(u.searchParams), body: f.calls[i].init.body };
  };
  return { f, dp, sent };
}

describe('data provider: cancelled reads', () => {
  it("passes the abort signal Refine's query hooks put in meta to the request, for lists and records", async () => {
    const { f, dp } = setup();
    const list = new AbortController();
    const one = new AbortController();
    f.replies.push(json({ data: [], pagination: { total: 0, limit: 20, offset: 0 } }), json({ data: { id: 'p1' } }));
    // what useList / useOne hand the provider: react-query's context spread into meta
    await dp.getList({ resource: 'products', meta: { queryKey: ['products'], signal: list.signal } });
    await dp.getOne({ resource: 'products', id: 'p1', meta: { queryKey: ['products', 'p1'], signal: one.signal } });
    expect(f.calls[0].init.signal).toBe(list.signal);
    expect(f.calls[1].init.signal).toBe(one.signal);
  });
});

describe('data provider: lists (docs/api-conventions.md conventions)', () => {
  it('maps pagination, sorters and filters to the query and answers {data, total}', async () => {
    const { f, dp, sent } = setup();
    f.replies.push(json({ data: [{ id: 'p1' }], pagination: { total: 57, limit: 20, offset: 40 }, _meta: { mocked: false, source: 'api', timestamp: 't' } }));
    const res = await dp.getList({
      resource: 'products',
      pagination: { currentPage: 3, pageSize: 20, mode: 'server' },
      sorters: [{ field: 'price', order: 'asc' }, { field: 'title', order: 'desc' }],
      filters: [
        { field: 'q', operator: 'contains', value: 'mug' },
        { field: 'status', operator: 'eq', value: 'active' },
        { field: 'price', operator: 'gte', value: 10 },
        { field: 'price', operator: 'lte', value: 99.5 },
        { field: 'tier', operator: 'in', value: ['gold', 'silver'] },
        { field: 'sku', operator: 'eq', value: undefined },
      ],
    });
    expect(sent()).toMatchObject({
      method: 'GET',
      path: '/api/products',
      query: {
        limit: '20',
        offset: '40',
        sort: 'price',
        order: 'asc',
        search: 'mug',
        status: 'active',
        price_gte: '10',
        price_lte: '99.5',
        tier: 'gold,silver',
      },
    });
    expect(Object.keys(sent().query)).not.toContain('sku');
    expect(res.data).toEqual([{ id: 'p1' }]);
    expect(res.total).toBe(57);
    expect(res._meta).toMatchObject({ source: 'api' });
  });

  it('defaults to page 1 of 10; "off" and "client" modes ask for the largest page', () => {
    expect(paginationQuery(undefined)).toEqual({ limit: 10, offset: 0 });
    expect(paginationQuery({ currentPage: 2 })).toEqual({ limit: 10, offset: 10 });
    expect(paginationQuery({ mode: 'off' })).toEqual({ limit: 500, offset: 0 });
    expect(paginationQuery({ mode: 'client', pageSize: 5 })).toEqual({ limit: 500, offset: 0 });
  });

  it('search field "search" too; nested "and" flattens; "or" has no API form', () => {
    expect(
      filterQuery([
        { field: 'search', operator: 'contains', value: 'acme' },
        { operator: 'and', value: [{ field: 'created_at', operator: 'gte', value: '2025-01-01' }] },
        { operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] },
        { field: 'status', operator: 'ne', value: 'cancelled' },
      ]),
    ).toEqual({ search: 'acme', created_at_gte: '2025-01-01', status_ne: 'cancelled' });
  });

  it('meta.path overrides the resource path (orders list is /me/orders)', async () => {
    const { f, dp, sent } = setup();
    f.replies.push(json({ data: [], pagination: { total: 0, limit: 10, offset: 0 } }));
    await dp.getList({ resource: 'orders', meta: { path: '/me/orders' }, filters: [{ field: 'q', operator: 'contains', value: 'smith' }] });
    expect(sent()).toMatchObject({ path: '/api/me/orders', query: { search: 'smith', limit: '10', offset: '0' } });
  });

  it('a list fallback returns the requested page of mock items, flagged mocked, total = all items', async () => {
    const { f, dp } = setup();
    f.replies.push(new TypeError('Failed to fetch'));
    const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    const res = await dp.getList({ resource: 'orders', pagination: { currentPage: 2, pageSize: 10 }, meta: { fallback: () => items } });
    expect(res.data.map((o) => o.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(res.total).toBe(30);
    expect(res._meta).toMatchObject({ mocked: true, source: 'mock' });
  });
});

describe('data provider: records and commands', () => {
  it('getOne / getMany read {data}', async () => {
    const { f, dp, sent } = setup();
    f.replies.push(json({ data: { id: 's1', name: 'Acme' } }), json({ data: { id: 'a' } }), json({ data: { id: 'b/c' } }));
    expect((await dp.getOne({ resource: 'suppliers', id: 's1' })).data).toEqual({ id: 's1', name: 'Acme' });
    expect(sent().path).toBe('/api/suppliers/s1');
    expect((await dp.getMany!({ resource: 'suppliers', ids: ['a', 'b/c'] })).data).toEqual([{ id: 'a' }, { id: 'b/c' }]);
    expect(sent(2).path).toBe('/api/suppliers/b%2Fc');
  });

  it('create POSTs, update PUTs (PATCH via meta.method), deleteOne DELETEs — each with an idempotency key', async () => {
    const { f, dp, sent } = setup();
    f.replies.push(json({ data: { id: 'n', name: 'New' } }, 201), json({ data: { id: 'n', name: 'Renamed' } }), json({ data: { id: 'n' } }), json(undefined, 204));
    expect((await dp.create({ resource: 'suppliers', variables: { name: 'New' } })).data).toEqual({ id: 'n', name: 'New' });
    expect((await dp.update({ resource: 'suppliers', id: 'n', variables: { name: 'Renamed' } })).data).toMatchObject({ name: 'Renamed' });
    await dp.update({ resource: 'suppliers', id: 'n', variables: { tier: 'gold' }, meta: { method: 'patch', idempotencyKey: 'k-1' } });
    expect((await dp.deleteOne({ resource: 'suppliers', id: 'n' })).data).toEqual({ id: 'n' });
    expect([0, 1, 2, 3].map((i) => `${sent(i).method} ${sent(i).path}`)).toEqual([
      'POST /api/suppliers',
      'PUT /api/suppliers/n',
      'PATCH /api/suppliers/n',
      'DELETE /api/suppliers/n',
    ]);
    expect(sent(0).body).toBe('{"name":"New"}');
    expect(f.calls.every((c) => c.headers['Idempotency-Key'])).toBe(true);
    expect(f.calls[2].headers['Idempotency-Key']).toBe('k-1');
  });

  it('custom: path under /api or a full URL from getApiUrl, query, filters, payload', async () => {
    const { f, dp, sent } = setup();
    f.replies.push(json({ scored: 15 }), json({ data: [] }));
    expect(dp.getApiUrl()).toBe('https://console.test/api');
    const r = await dp.custom!({ url: '/suppliers/score-all', method: 'post' });
    expect(r.data).toMatchObject({ scored: 15 });
    await dp.custom!({
      url: `${dp.getApiUrl()}/capital/advances`,
      method: 'get',
      query: { status: 'pending' },
      filters: [{ field: 'order_id', operator: 'eq', value: 'o1' }],
    });
    expect(sent(0)).toMatchObject({ method: 'POST', path: '/api/suppliers/score-all' });
    expect(sent(1)).toMatchObject({ method: 'GET', path: '/api/capital/advances', query: { status: 'pending', order_id: 'o1' } });
  });

  it('meta.auth false (the flags): no session sends no one to sign in', async () => {
    const f = fakeDeps({ getAccessToken: () => null });
    f.replies.push(json({}, 401));
    const dp = createDataProvider(createApiClient(f.deps));
    await expect(dp.custom!({ url: '/flags', method: 'get', meta: { auth: false } })).rejects.toMatchObject({ status: 401 });
    expect(f.calls[0].headers.Authorization).toBeUndefined();
    expect(f.authRequired).toEqual([]);
  });

  it('errors reach Refine with status and statusCode', async () => {
    const { f, dp } = setup();
    f.replies.push(json({ message: 'Name is required', code: 'validation_failed', details: [{ field: 'name' }] }, 400));
    await expect(dp.create({ resource: 'suppliers', variables: {} })).rejects.toMatchObject({
      status: 400,
      statusCode: 400,
      message: 'Name is required',
    });
  });
});
