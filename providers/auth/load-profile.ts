/**
 * The profile read of docs/product/api-calls.md ("Hosted auth and profile", docs/product/auth-protocol.md §7):
 * `profiles` row of the signed-in user → the profile store the API client reads its tenant from.
 */
import type { ConsoleSupabase } from '../supabase';
import { roleOf } from '../../contract/roles';
import { setProfile, type Profile } from './profile-store';

/**
 * `unauthorized`: the service refused the session itself (401: signed out elsewhere, revoked, expired
 * beyond refresh) — not a service that did not answer; the caller refreshes once or signs in again.
 */
export type ProfileResult = { status: 'ready'; profile: Profile } | { status: 'missing' } | { status: 'unauthorized' } | { status: 'error'; message: string };

export async function loadProfile(client: Pick<ConsoleSupabase, 'from'>, user: { id: string; email?: string }): Promise<ProfileResult> {
  const { data, error, status } = await client.from('profiles').select('tenant_id, role').eq('id', user.id).single();
  if (error || !data) {
    setProfile(null);
    if (status === 401) return { status: 'unauthorized' };
    // PGRST116: zero rows — the user has no profile in any tenant (docs/product/routes-and-roles.md: send to /auth)
    if (error?.code === 'PGRST116' || !error) return { status: 'missing' };
    return { status: 'error', message: error.message };
  }
  const row = data as { tenant_id: string; role: unknown };
  const profile: Profile = { id: user.id, email: user.email ?? '', tenantId: row.tenant_id, role: roleOf(row.role) };
  setProfile(profile);
  return { status: 'ready', profile };
}
