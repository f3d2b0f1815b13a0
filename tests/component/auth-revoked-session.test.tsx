// @vitest-environment jsdom
/**
 * A session the service refuses while the profile is read (signed out in another browser, revoked):
 * one refresh, then back to sign-in — never "Your profile could not be loaded" with a Try Again that
 * cannot succeed (docs/product/shell.md "Session during calls"). A service that does not answer
 * still offers Try Again, and a refresh that works reads the profile again.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/auth-js';
import { AuthSessionProvider } from '../../providers/auth/auth-context';
import { RequireAuth } from '../../src/shell/guards';
import type { ConsoleSupabase } from '../../providers/supabase';

const USER_ID = '00000000-0000-4000-8000-000000000001';
const session = { access_token: 'a', refresh_token: 'r', user: { id: USER_ID, email: 'seller@demo.local' } } as unknown as Session;
const TENANT = '00000000-0000-4000-8000-0000000000aa';

type Read = { data: unknown; error: { message: string; code?: string } | null; status: number };
const REFUSED: Read = { data: null, error: { message: 'JWT session revoked', code: 'PGRST301' }, status: 401 };
const PROFILE: Read = { data: { tenant_id: TENANT, role: 'user' }, error: null, status: 200 };
const DOWN: Read = { data: null, error: { message: 'Service Unavailable' }, status: 503 };

function fakeClient(reads: Read[], refresh: { session: Session | null; error: { message: string } | null }) {
  let listener: ((event: string, s: Session | null) => void) | null = null;
  const client = {
    auth: {
      getSession: async () => ({ data: { session }, error: null }),
      onAuthStateChange: (fn: (event: string, s: Session | null) => void) => {
        listener = fn;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      refreshSession: vi.fn(async () => ({ data: { session: refresh.session }, error: refresh.error })),
      signOut: vi.fn(async () => {
        listener?.('SIGNED_OUT', null);
        return { error: null };
      }),
    },
    from: vi.fn(() => {
      const read = reads.shift() ?? DOWN;
      const q = { select: () => q, eq: () => q, single: async () => read };
      return q;
    }),
  };
  return client;
}

function renderAt(client: ReturnType<typeof fakeClient>, onEvent?: (e: string) => void) {
  const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  render(
    <AuthSessionProvider client={client as unknown as ConsoleSupabase} storage={storage} onEvent={onEvent}>
      <MemoryRouter initialEntries={['/orders']}>
        <Routes>
          <Route path="/auth" element={<h1>Sign in</h1>} />
          <Route path="/orders" element={<RequireAuth><h1>Orders</h1></RequireAuth>} />
        </Routes>
      </MemoryRouter>
    </AuthSessionProvider>,
  );
}

afterEach(cleanup);

describe('a session refused while the profile is read', () => {
  it('refreshes once; when that fails too, signs out here and goes to sign-in', async () => {
    const client = fakeClient([REFUSED], { session: null, error: { message: 'Invalid Refresh Token: Refresh Token Not Found' } });
    const events: string[] = [];
    renderAt(client, (e) => events.push(e));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    // told as an authentication error ("Authentication failed. Please sign in again."), not "Signed out successfully"
    expect(events.at(-1)).toBe('session-refused');
    expect(events).not.toContain('signed-out');
    expect(client.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(screen.queryByText('Your profile could not be loaded')).toBeNull();
  });

  it('reads the profile again after a refresh that works', async () => {
    const client = fakeClient([REFUSED, PROFILE], { session, error: null });
    renderAt(client);
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(client.from).toHaveBeenCalledTimes(2);
    expect(client.auth.signOut).not.toHaveBeenCalled();
  });

  it('a service that does not answer keeps the session and offers Try Again', async () => {
    const client = fakeClient([DOWN], { session: null, error: null });
    renderAt(client);
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(client.auth.refreshSession).not.toHaveBeenCalled();
    expect(client.auth.signOut).not.toHaveBeenCalled();
  });
});
