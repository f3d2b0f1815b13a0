/**
 * Refine authProvider on supabase-js — docs/product/shell.md, docs/product/routes-and-roles.md, docs/product/api-calls.md. Refine's hooks (useLogout, useGetIdentity,
 * usePermissions, onError) go through it; the shell's guards read the same session via useAuth().
 */
import type { AuthProvider } from '@refinedev/core';
import type { ConsoleSupabase } from '../supabase';
import { getProfile } from './profile-store';
import { sendMagicLink, signOut } from './sign-in';

export function createAuthProvider(client: Pick<ConsoleSupabase, 'auth'>, origin: () => string): AuthProvider {
  return {
    /** `login({ email, next })` sends the magic link (docs/product/shell.md). */
    async login(params: { email?: string; next?: string | null }) {
      const r = await sendMagicLink(client, origin(), params.email ?? '', params.next ?? null);
      return r.ok ? { success: true } : { success: false, error: { name: 'Sign-in failed', message: r.message } };
    },
    async logout() {
      const ok = await signOut(client);
      return ok
        ? { success: true, redirectTo: '/auth' }
        : { success: false, error: { name: 'Sign-out failed', message: 'Failed to sign out' } };
    },
    async check() {
      const { data, error } = await client.auth.getSession();
      return !error && data.session ? { authenticated: true } : { authenticated: false, redirectTo: '/auth', logout: true };
    },
    /** The API client already refreshed once before a 401 reaches here (docs/product/shell.md): the session is gone. */
    async onError(error: { status?: number; statusCode?: number }) {
      const status = error?.statusCode ?? error?.status;
      return status === 401 ? { logout: true, redirectTo: '/auth' } : {};
    },
    async getPermissions() {
      return getProfile()?.role ?? null;
    },
    async getIdentity() {
      const p = getProfile();
      return p ? { id: p.id, email: p.email, name: p.email, role: p.role, tenantId: p.tenantId } : null;
    },
  };
}
