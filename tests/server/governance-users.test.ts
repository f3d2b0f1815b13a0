/**
 * Users and invitations over HTTP on a real database (docs/governance.md "Users and invitations"):
 * an administrator invites an address with a role, the invitation mail lands in the dev mailbox, the
 * person signs in through the ordinary magic link and is in the tenant with that role; sign-up stays
 * closed for everyone else; the last active administrator cannot be demoted and nobody locks
 * themselves out; deactivation ends the person's sessions at once (next call 401, refresh refused,
 * no new link); double submits apply once; sellers and agents are refused. PGlite and PostgreSQL
 * (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT } from './tokens';
import { anonHeaders, follow, mailbox, pkcePair, refresh, requestLink, signInRaw } from './auth-kit';
import { userRow, USER_MESSAGES, type UserRow } from '../../contract/users';

let h: Harness;
const ADMIN = 'admin@demo.local';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const T = DEMO_TENANT.id;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);

/** A call with a signed-in person's own access token (a user the seed does not know). */
async function callWith(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': T, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const asTenant = async <R>(sql: string, params: unknown[] = []) =>
  h.db.transaction(async (tx) => (await tx.query<R>(sql, params)).rows, { tenantId: T });

async function invite(email: string, role: string) {
  const r = await call(ADMIN, 'POST', '/api/governance/users/invitations', { email, role });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return userRow.parse(r.body.data);
}

async function people(query = ''): Promise<UserRow[]> {
  const r = await call(ADMIN, 'GET', `/api/governance/users?limit=100${query}`);
  expect(r.status).toBe(200);
  return (r.body.data as unknown[]).map((u) => userRow.parse(u));
}

beforeAll(async () => {
  h = await startServer();
}, 120_000);
afterAll(async () => h?.close());

describe('invitations', () => {
  it('invites by email: the mail is in the mailbox, the person signs in with a magic link and lands in this tenant with the role', async () => {
    const email = 'new.agent@example.com';
    const invited = await invite(' New.Agent@Example.com ', 'agent');
    expect(invited).toMatchObject({ email, role: 'agent', status: 'invited', invited_by: ADMIN, last_sign_in_at: null });

    const [mail] = await mailbox(h, email);
    expect(mail.subject).toBe('You are invited to Seller Console');
    expect(mail.link).toBe(`${h.url}/auth?email=${encodeURIComponent(email)}`);

    const tokens = await signInRaw(h, email);
    expect(tokens.user.id).toBe(invited.id);
    const me = await callWith(tokens.access_token, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(T);
    expect(JSON.stringify(me.body)).toContain('"agent"');

    const [row] = await people(`&search=${encodeURIComponent('new.agent')}`);
    expect(row).toMatchObject({ id: invited.id, status: 'active', role: 'agent' });
    expect(row.last_sign_in_at).not.toBeNull();
    const audit = await asTenant<{ action: string }>(`select action from audit_log where resource = 'user' and resource_id = $1`, [invited.id]);
    expect(audit.map((a) => a.action)).toEqual(['user.invite']);
    const events = await asTenant<{ subject: string }>(`select subject from events where tenant_id = $1 and subject like 'users.%' and payload->>'id' = $2`, [T, invited.id]);
    expect(events.map((e) => e.subject)).toEqual(['users.invited']);
  });

  it('keeps sign-up closed for an address nobody invited', async () => {
    const { challenge } = pkcePair();
    const res = await requestLink(h, 'stranger@example.com', { challenge });
    expect(res.status).toBe(200);
    expect(await mailbox(h, 'stranger@example.com')).toEqual([]);
  });

  it('applies a double submitted invitation once: one profile, one mail, one audit row', async () => {
    const email = 'twice@example.com';
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(ADMIN, 'POST', '/api/governance/users/invitations', { email, role: 'user' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await mailbox(h, email)).toHaveLength(1);
    const audit = await asTenant(`select 1 from audit_log where action = 'user.invite' and after->>'email' = $1`, [email]);
    expect(audit).toHaveLength(1);
    // the same address with another role, or a member's address, is a plain refusal
    const other = await call(ADMIN, 'POST', '/api/governance/users/invitations', { email, role: 'admin' });
    expect(other).toMatchObject({ status: 409, body: { message: USER_MESSAGES.alreadyInvited } });
    const member = await call(ADMIN, 'POST', '/api/governance/users/invitations', { email: 'seller@demo.local', role: 'user' });
    expect(member).toMatchObject({ status: 409, body: { message: USER_MESSAGES.alreadyMember } });
    const elsewhere = await call(ADMIN, 'POST', '/api/governance/users/invitations', { email: 'owner@northwind.local', role: 'user' });
    expect(elsewhere).toMatchObject({ status: 409, body: { message: USER_MESSAGES.otherWorkspace } });
    const bad = await call(ADMIN, 'POST', '/api/governance/users/invitations', { email: 'not-an-email', role: 'owner' });
    expect(bad.status).toBe(400);
  });

  it('resends once a minute and cancels: a cancelled address is closed again', async () => {
    const email = 'resend@example.com';
    const u = await invite(email, 'user');
    const early = await call(ADMIN, 'POST', `/api/governance/users/invitations/${u.id}/resend`);
    expect(early).toMatchObject({ status: 409, body: { message: USER_MESSAGES.resentRecently } });
    await asTenant(`update profiles set invite_sent_at = now() - interval '2 minutes' where id = $1`, [u.id]);
    const again = await call(ADMIN, 'POST', `/api/governance/users/invitations/${u.id}/resend`);
    expect(again.status).toBe(200);
    expect(await mailbox(h, email)).toHaveLength(2);

    const cancelled = await call(ADMIN, 'DELETE', `/api/governance/users/invitations/${u.id}`);
    expect(cancelled.status).toBe(204);
    expect((await call(ADMIN, 'DELETE', `/api/governance/users/invitations/${u.id}`)).status).toBe(404);
    expect(await people(`&search=resend`)).toEqual([]);
    const { challenge } = pkcePair();
    await requestLink(h, email, { challenge });
    expect(await mailbox(h, email)).toHaveLength(2);
  });
});

describe('roles and deactivation', () => {
  it('refuses an administrator removing their own access, and never leaves the tenant without an active administrator', async () => {
    const self = await call(ADMIN, 'PUT', `/api/governance/users/${ADMIN_ID}/role`, { role: 'agent' });
    expect(self).toMatchObject({ status: 409, body: { message: USER_MESSAGES.selfLockout } });
    expect((await call(ADMIN, 'POST', `/api/governance/users/${ADMIN_ID}/deactivate`)).status).toBe(409);

    const email = 'second.admin@example.com';
    const second = await invite(email, 'admin');
    const tokens = await signInRaw(h, email);
    // each demotes the other at once: one wins, the other finds a tenant with one administrator left
    const [a, b] = await Promise.all([
      call(ADMIN, 'PUT', `/api/governance/users/${second.id}/role`, { role: 'user' }),
      callWith(tokens.access_token, 'PUT', `/api/governance/users/${ADMIN_ID}/role`, { role: 'user' }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    for (const r of [a, b].filter((x) => x.status !== 200)) expect([403, 409]).toContain(r.status);
    const admins = await asTenant(`select 1 from profiles where tenant_id = $1 and role = 'admin' and status = 'active'`, [T]);
    expect(admins).toHaveLength(1);
    // put the demo's administrator back, whoever won
    if (b.status === 200) await asTenant(`update profiles set role = 'admin' where id = $1`, [ADMIN_ID]);
    await asTenant(`update profiles set role = 'user' where id = $1`, [second.id]);
  });

  it('applies a double submitted role change once, and the new role counts on the next call', async () => {
    const email = 'promote@example.com';
    const u = await invite(email, 'user');
    const tokens = await signInRaw(h, email);
    expect((await callWith(tokens.access_token, 'GET', '/api/governance/users')).status).toBe(403);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(ADMIN, 'PUT', `/api/governance/users/${u.id}/role`, { role: 'admin' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const audit = await asTenant(`select 1 from audit_log where action = 'user.change_role' and resource_id = $1`, [u.id]);
    expect(audit).toHaveLength(1);
    expect((await callWith(tokens.access_token, 'GET', '/api/governance/users')).status).toBe(200);
  });

  it('deactivation ends the sessions at once: the next call is 401, refresh is refused, no new link; reactivation lets them back', async () => {
    const email = 'leaving@example.com';
    const u = await invite(email, 'user');
    const tokens = await signInRaw(h, email);
    expect((await callWith(tokens.access_token, 'GET', '/api/me')).status).toBe(200);

    const answers = await Promise.all([1, 2].map(() => call(ADMIN, 'POST', `/api/governance/users/${u.id}/deactivate`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0].body.data.status).toBe('deactivated');
    expect(await asTenant(`select 1 from audit_log where action = 'user.deactivate' and resource_id = $1`, [u.id])).toHaveLength(1);

    expect((await callWith(tokens.access_token, 'GET', '/api/me')).status).toBe(401);
    const refused = await refresh(h, tokens.refresh_token);
    expect(refused.status).toBe(400);
    const mails = (await mailbox(h, email)).length;
    const { challenge } = pkcePair();
    expect((await requestLink(h, email, { challenge })).status).toBe(200);
    expect(await mailbox(h, email)).toHaveLength(mails);

    expect((await call(ADMIN, 'POST', `/api/governance/users/${u.id}/reactivate`)).body.data.status).toBe('active');
    const back = await signInRaw(h, email);
    expect((await callWith(back.access_token, 'GET', '/api/me')).status).toBe(200);
  });

  it('a link sent before deactivation no longer signs in', async () => {
    const email = 'late.link@example.com';
    const u = await invite(email, 'user');
    const { verifier, challenge } = pkcePair();
    await requestLink(h, email, { challenge });
    const [mail] = await mailbox(h, email);
    await asTenant(`update profiles set status = 'active' where id = $1`, [u.id]);
    expect((await call(ADMIN, 'POST', `/api/governance/users/${u.id}/deactivate`)).status).toBe(200);
    const { location } = await follow(mail.link);
    const code = location.searchParams.get('code')!;
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: anonHeaders(h), body: JSON.stringify({ auth_code: code, code_verifier: verifier }) });
    expect(res.status).toBe(400);
  });
});

describe('the table and who may use it', () => {
  it('pages, sorts, searches and filters on the server', async () => {
    const all = await people('&sort=email&order=asc');
    expect(all.map((u) => u.email)).toEqual([...all.map((u) => u.email)].sort());
    const page = await call(ADMIN, 'GET', '/api/governance/users?limit=2&offset=1&sort=email&order=asc');
    expect(page.body.pagination).toMatchObject({ total: all.length, limit: 2, offset: 1 });
    expect(page.body.data.map((u: UserRow) => u.email)).toEqual(all.slice(1, 3).map((u) => u.email));
    expect((await people('&role=agent')).every((u) => u.role === 'agent')).toBe(true);
    expect((await people('&status=deactivated')).map((u) => u.email)).toEqual(['late.link@example.com']);
    expect((await people('&search=%25')).length).toBe(0);
    expect((await call(ADMIN, 'GET', '/api/governance/users?status=gone')).status).toBe(400);
    // another tenant's administrator sees their own people only
    const nw = await call('owner@northwind.local', 'GET', '/api/governance/users');
    expect(nw.body.data.map((u: UserRow) => u.email)).toEqual(['owner@northwind.local']);
  });

  it('refuses agents and sellers every route (403)', async () => {
    for (const who of ['agent@demo.local', 'seller@demo.local']) {
      expect((await call(who, 'GET', '/api/governance/users')).status).toBe(403);
      expect((await call(who, 'POST', '/api/governance/users/invitations', { email: 'x@example.com', role: 'admin' })).status).toBe(403);
      expect((await call(who, 'PUT', `/api/governance/users/${ADMIN_ID}/role`, { role: 'user' })).status).toBe(403);
      expect((await call(who, 'POST', `/api/governance/users/${ADMIN_ID}/deactivate`)).status).toBe(403);
    }
  });
});
