// @vitest-environment jsdom
/** The browser wiring: token from the supabase-js session, refresh through supabase-js, tenant from the profile. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const auth = vi.hoisted(() => ({
  getSession: vi.fn(async () => ({ data: { session: { access_token: 'session-token' } }, error: null })),
  refreshSession: vi.fn(async () => ({ data: { session: { access_token: 'refreshed-token' } }, error: null })),
}));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { apiClient, dataProvider } from '../../providers/app-client';
import { setProfile } from '../../providers/auth/profile-store';

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('app-client wiring', () => {
  it('sends the session token and the profile tenant to <origin>/api, refreshing through supabase-js on 401', async () => {
    setProfile({ id: 'u1', email: 'seller@demo.local', tenantId: 'tenant-demo', role: 'user' });
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const replies = [new Response('{}', { status: 401 }), new Response(JSON.stringify({ data: [], pagination: { total: 0, limit: 10, offset: 0 } }))];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string> });
      return replies.shift()!;
    });
    const res = await dataProvider.getList({ resource: 'suppliers' });
    expect(res.total).toBe(0);
    expect(seen[0].url).toBe(`${window.location.origin}/api/suppliers?limit=10&offset=0`);
    expect(seen[0].headers).toMatchObject({ Authorization: 'Bearer session-token', 'X-Tenant-Id': 'tenant-demo' });
    expect(seen[1].headers.Authorization).toBe('Bearer refreshed-token');
    expect(auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(apiClient.log.events().at(-1)).toMatchObject({ endpoint: '/suppliers', status: 200 });
    expect(seen[0].headers['X-Correlation-Id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
