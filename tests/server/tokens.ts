/** Test helper: a real session + access token for a seeded user, without the mail round trip. */
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../../server/auth/jwt';
import { resolveJwtSecret } from '../../server/auth/secret';
import { ACCOUNTS, DEMO_TENANT, NORTHWIND_TENANT } from '../../server/seed/accounts';
import type { Harness } from './harness';

export { ACCOUNTS, DEMO_TENANT, NORTHWIND_TENANT };

export async function tokenFor(h: Harness, email: string): Promise<string> {
  const acc = ACCOUNTS.find((a) => a.email === email);
  if (!acc) throw new Error(`no seeded account ${email}`);
  const sessionId = randomUUID();
  await h.db.query('insert into auth.sessions (id, user_id) values ($1, $2)', [sessionId, acc.id]);
  const secret = resolveJwtSecret(h.config.jwtSecret, h.config.dataDir);
  const { token } = await signAccessToken(
    {
      sub: acc.id,
      email: acc.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { role: acc.role },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'magiclink', timestamp: Math.floor(Date.now() / 1000) }],
      session_id: sessionId,
      is_anonymous: false,
    },
    secret,
    { ttlS: 3600, issuer: `${h.url}/auth/v1` },
  );
  return token;
}

/** Headers a console client sends for a user (Bearer + X-Tenant-Id). */
export async function headersFor(h: Harness, email: string): Promise<Record<string, string>> {
  const acc = ACCOUNTS.find((a) => a.email === email)!;
  return { authorization: `Bearer ${await tokenFor(h, email)}`, 'x-tenant-id': acc.tenantId, 'content-type': 'application/json' };
}

/** One API call as a seeded user: status and the parsed JSON (or text) body. */
export async function callAs(h: Harness, email: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${h.url}${path}`, { method, headers: await headersFor(h, email), body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}
