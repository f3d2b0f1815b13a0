/**
 * The invitation calls against an external Supabase (SUPABASE_URL set; docs/governance.md "Users and
 * invitations"): GoTrue's admin endpoints with the service role key (SUPABASE_SERVICE_ROLE_KEY).
 * Supabase creates the user and mails its own invitation; the workspace and role are the profile
 * row this server writes, as with the embedded auth.
 */
import { HttpError } from '../errors';

export interface SupabaseAdmin {
  /** POST /auth/v1/invite: creates (or re-invites) the user and mails them; answers the user's id. */
  invite(email: string, data: Record<string, unknown>, redirectTo?: string): Promise<string>;
  /** DELETE /auth/v1/admin/users/{id}: a withdrawn invitation's user. */
  deleteUser(id: string): Promise<void>;
  /** PUT /auth/v1/admin/users/{id} `ban_duration`: a deactivated person cannot sign in. */
  setBanned(id: string, banned: boolean): Promise<void>;
}

export interface SupabaseAdminOptions {
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

/** About a hundred years: GoTrue's ban_duration is a Go duration, "none" lifts it. */
const FOREVER = '876000h';

export function supabaseAdmin(o: SupabaseAdminOptions): SupabaseAdmin {
  const f = o.fetch ?? fetch;
  const base = o.url.replace(/\/+$/, '');
  const headers = { apikey: o.serviceRoleKey, authorization: `Bearer ${o.serviceRoleKey}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    if (!o.serviceRoleKey) throw new HttpError(503, 'invitations_unavailable', 'Invitations need SUPABASE_SERVICE_ROLE_KEY on this server');
    const res = await f(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!res.ok) {
      const message = String(json.msg ?? json.message ?? json.error_description ?? `Supabase answered ${res.status}`);
      throw new HttpError(res.status === 422 ? 409 : 502, 'auth_provider_refused', `The sign-in service refused: ${message}`);
    }
    return json;
  };
  return {
    async invite(email, data, redirectTo) {
      const q = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
      const user = await call('POST', `/auth/v1/invite${q}`, { email, data });
      if (typeof user.id !== 'string') throw new HttpError(502, 'auth_provider_refused', 'The sign-in service answered without a user id');
      return user.id;
    },
    async deleteUser(id) {
      await call('DELETE', `/auth/v1/admin/users/${encodeURIComponent(id)}`);
    },
    async setBanned(id, banned) {
      await call('PUT', `/auth/v1/admin/users/${encodeURIComponent(id)}`, { ban_duration: banned ? FOREVER : 'none' });
    },
  };
}
