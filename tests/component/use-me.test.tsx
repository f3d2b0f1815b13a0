// @vitest-environment jsdom
/**
 * The top bar's `GET /me` (docs/api-client.md "One data path"): read through the data provider
 * (`useCustom`), without the tenant header — /me is where the client learns its tenant, so it goes out
 * before a profile with a tenant exists — and read again for another user.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));

import { setProfile } from '../../providers/auth/profile-store';
import { useMe } from '../../src/lib/use-me';
import { installDomShims } from './support/dom-shims';
import { fakeApi } from './support/fake-api';
import { renderConsole } from './support/render-console';

function Tenant({ userId }: { userId: string | null }) {
  const me = useMe(userId);
  return <p>{me.data ? `${me.data.tenant.name} · ${me.data.role}` : 'no answer'}</p>;
}

/** The user of the session changes under the top bar (sign-out and sign-in as someone else). */
function SwitchUser() {
  const [user, setUser] = useState('u1');
  return (
    <>
      <Tenant userId={user} />
      <button onClick={() => setUser('u2')}>Switch user</button>
    </>
  );
}

const ME = { user: { id: 'u1', email: 'seller@demo.local' }, role: 'user', tenant: { id: 't1', name: 'Demo Store' } };

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('useMe', () => {
  it('reads /me through the data provider before the tenant is known', async () => {
    setProfile(null);
    const api = fakeApi([(c) => (c.path === '/me' ? { body: ME } : undefined)]);
    renderConsole({ path: '/dashboard', route: '/dashboard', page: <Tenant userId="u1" /> });
    expect(await screen.findByText('Demo Store · user')).toBeInTheDocument();
    expect(api.of('GET', '/me')).toHaveLength(1);
  });

  it('asks nothing without a signed-in user', async () => {
    const api = fakeApi([(c) => (c.path === '/me' ? { body: ME } : undefined)]);
    renderConsole({ path: '/dashboard', route: '/dashboard', page: <Tenant userId={null} /> });
    expect(screen.getByText('no answer')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toHaveLength(0);
  });

  it('reads /me again for another user', async () => {
    const api = fakeApi([(c) => (c.path === '/me' ? { body: ME } : undefined)]);
    renderConsole({ path: '/dashboard', route: '/dashboard', page: <SwitchUser /> });
    await screen.findByText('Demo Store · user');
    fireEvent.click(screen.getByRole('button', { name: 'Switch user' }));
    await waitFor(() => expect(api.of('GET', '/me')).toHaveLength(2));
  });
});
