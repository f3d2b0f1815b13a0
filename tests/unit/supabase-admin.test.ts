/**
 * Invitations against an external Supabase (docs/governance.md "Users and invitations"): the requests
 * sent to GoTrue's admin endpoints with the service role key, read from a stubbed fetch.
 */
import { describe, expect, it } from 'vitest';
import { supabaseAdmin } from '../../server/api/governance-users/supabase-admin';

interface Sent { url: string; method: string; headers: Record<string, string>; body: unknown }

function stub(status: number, answer: unknown) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

describe('Supabase admin invite', () => {
  it('POSTs {SUPABASE_URL}/auth/v1/invite with the service role key and answers the new user id', async () => {
    const s = stub(200, { id: 'u-1', email: 'new@example.com' });
    const admin = supabaseAdmin({ url: 'https://proj.supabase.co/', serviceRoleKey: 'service-key', fetch: s.fetch });
    const id = await admin.invite('new@example.com', {}, 'https://app.example.com/auth?email=new%40example.com');
    expect(id).toBe('u-1');
    expect(s.sent).toEqual([{
      url: `https://proj.supabase.co/auth/v1/invite?redirect_to=${encodeURIComponent('https://app.example.com/auth?email=new%40example.com')}`,
      method: 'POST',
      headers: { apikey: 'service-key', authorization: 'Bearer service-key', 'content-type': 'application/json' },
      body: { email: 'new@example.com', data: {} },
    }]);
  });

  it('bans and unbans through the admin user endpoint, deletes a withdrawn invitation', async () => {
    const s = stub(200, {});
    const admin = supabaseAdmin({ url: 'https://proj.supabase.co', serviceRoleKey: 'k', fetch: s.fetch });
    await admin.setBanned('u-1', true);
    await admin.setBanned('u-1', false);
    await admin.deleteUser('u-1');
    expect(s.sent.map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', 'https://proj.supabase.co/auth/v1/admin/users/u-1', { ban_duration: '876000h' }],
      ['PUT', 'https://proj.supabase.co/auth/v1/admin/users/u-1', { ban_duration: 'none' }],
      ['DELETE', 'https://proj.supabase.co/auth/v1/admin/users/u-1', undefined],
    ]);
  });

  it('answers a refusal as 409 (address taken) or 502 with the provider\'s words, and 503 without a key', async () => {
    await expect(supabaseAdmin({ url: 'https://p', serviceRoleKey: 'k', fetch: stub(422, { msg: 'A user with this email address has already been registered' }).fetch }).invite('a@b.c', {}))
      .rejects.toMatchObject({ status: 409, message: 'The sign-in service refused: A user with this email address has already been registered' });
    await expect(supabaseAdmin({ url: 'https://p', serviceRoleKey: 'k', fetch: stub(500, { message: 'down' }).fetch }).invite('a@b.c', {}))
      .rejects.toMatchObject({ status: 502 });
    await expect(supabaseAdmin({ url: 'https://p', serviceRoleKey: '', fetch: stub(200, {}).fetch }).invite('a@b.c', {}))
      .rejects.toMatchObject({ status: 503 });
  });
});
