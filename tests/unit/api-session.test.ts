import { describe, expect, it } from 'vitest';
import { TENANT_REQUIRED_MESSAGE } from '../../contract/constants';
import { createApiClient } from '../../providers/api';
import { fakeDeps, json } from './api-fakes';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('session during calls (docs/product/shell.md, docs/product/errors.md)', () => {
  it('5 concurrent 401s share ONE refresh and each retries once with the new token', async () => {
    const refresh = deferred<string | null>();
    let refreshes = 0;
    const f = fakeDeps({
      refreshSession: () => {
        refreshes += 1;
        return refresh.promise;
      },
    });
    f.replies.push(...Array.from({ length: 5 }, () => json({ message: 'expired' }, 401)));
    f.replies.push(...Array.from({ length: 5 }, (_, i) => json({ n: i })));
    const client = createApiClient(f.deps);
    const pending = Array.from({ length: 5 }, (_, i) => client.get(`/products?i=${i}`));
    // let all five reach the refresh before it settles
    await new Promise((r) => setTimeout(r, 0));
    refresh.resolve('token-2');
    const answers = await Promise.all(pending);
    expect(answers).toHaveLength(5);
    expect(refreshes).toBe(1);
    expect(f.calls).toHaveLength(10);
    expect(f.calls.slice(0, 5).every((c) => c.headers.Authorization === 'Bearer token-1')).toBe(true);
    expect(f.calls.slice(5).every((c) => c.headers.Authorization === 'Bearer token-2')).toBe(true);
    expect(f.authRequired).toEqual([]);
  });

  it('5 concurrent 401s still refresh once when the refresh settles at once', async () => {
    let refreshes = 0;
    const f = fakeDeps({ refreshSession: async () => (refreshes++, 'token-2') });
    f.replies.push(...Array.from({ length: 5 }, () => json({}, 401)), ...Array.from({ length: 5 }, () => json({})));
    const client = createApiClient(f.deps);
    await Promise.all(Array.from({ length: 5 }, () => client.get('/products')));
    expect(refreshes).toBe(1);
    expect(f.calls).toHaveLength(10);
  });

  it('a 401 that arrives after the refresh settled reuses it instead of refreshing again', async () => {
    let refreshes = 0;
    // the session source still hands out the old token, as a call that read it before the refresh would
    const f = fakeDeps({ getAccessToken: () => 'token-1', refreshSession: async () => `token-${++refreshes + 1}` });
    const client = createApiClient(f.deps);
    f.replies.push(json({}, 401), json({ ok: 1 }));
    await client.get('/a');
    f.replies.push(json({}, 401), json({ ok: 2 }));
    await client.get('/b');
    expect(refreshes).toBe(1);
    expect(f.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-1', 'Bearer token-2']);
  });

  it('a second 401 after the refresh sends the user to login with the current path', async () => {
    const f = fakeDeps();
    f.replies.push(json({}, 401), json({ message: 'still no' }, 401));
    const err = await createApiClient(f.deps).get('/products').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401 });
    expect(f.calls).toHaveLength(2);
    expect(f.authRequired).toEqual(['/orders?status=pending']);
  });

  it('a failed refresh sends the user to login without retrying', async () => {
    const f = fakeDeps({ refreshSession: async () => null });
    f.replies.push(json({}, 401));
    await expect(createApiClient(f.deps).get('/products')).rejects.toMatchObject({ status: 401 });
    expect(f.calls).toHaveLength(1);
    expect(f.authRequired).toEqual(['/orders?status=pending']);
  });

  it('a refresh that throws counts as failed', async () => {
    const f = fakeDeps({ refreshSession: () => Promise.reject(new Error('refresh_token_not_found')) });
    f.replies.push(json({}, 401));
    await expect(createApiClient(f.deps).get('/products')).rejects.toMatchObject({ status: 401 });
    expect(f.authRequired).toHaveLength(1);
  });

  it('a missing token sends the user to login with the current path and makes no call', async () => {
    const f = fakeDeps({ getAccessToken: async () => null });
    await expect(createApiClient(f.deps).get('/products')).rejects.toMatchObject({ status: 401 });
    expect(f.authRequired).toEqual(['/orders?status=pending']);
    expect(f.calls).toEqual([]);
  });

  it('calls marked auth: false go out without a token and never redirect', async () => {
    const f = fakeDeps({ getAccessToken: () => null });
    f.replies.push(json({}, 401));
    await expect(createApiClient(f.deps).get('/flags', { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(f.calls[0].headers.Authorization).toBeUndefined();
    expect(f.authRequired).toEqual([]);
  });

  it('a missing tenant throws the tenant-isolation error and makes no call', async () => {
    const f = fakeDeps({ getTenantId: () => null });
    await expect(createApiClient(f.deps).get('/products')).rejects.toThrow(TENANT_REQUIRED_MESSAGE);
    expect(TENANT_REQUIRED_MESSAGE).toBe('Tenant isolation required: No tenant_id available');
    expect(f.calls).toEqual([]);
  });

  it('calls marked tenant: false (/me, /csrf) work without a tenant and send no X-Tenant-Id', async () => {
    const f = fakeDeps({ getTenantId: () => undefined });
    f.replies.push(json({ user: { id: 'u' } }));
    await createApiClient(f.deps).get('/me', { tenant: false });
    expect(f.calls[0].headers['X-Tenant-Id']).toBeUndefined();
  });
});
