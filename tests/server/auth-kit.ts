/** Helpers of the embedded-auth tests (tests/server/auth-*.test.ts): raw PKCE calls, mailbox, storage. */
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClientOptions } from '@supabase/supabase-js';
import type { Harness } from './harness';

export interface MailboxItem { id: number; to: string; subject: string; link: string; created_at: string }

/** Headers supabase-js sends on auth calls (docs/product/auth-protocol.md §0). */
export function anonHeaders(h: Harness, extra: Record<string, string> = {}): Record<string, string> {
  return {
    apikey: h.config.anonKey,
    authorization: `Bearer ${h.config.anonKey}`,
    'content-type': 'application/json;charset=UTF-8',
    'x-supabase-api-version': '2024-01-01',
    ...extra,
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(56).toString('hex');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function requestLink(h: Harness, email: string, o: { challenge: string; redirectTo?: string; headers?: Record<string, string> }): Promise<Response> {
  const qs = new URLSearchParams({ redirect_to: o.redirectTo ?? `${h.url}/dashboard` });
  return fetch(`${h.url}/auth/v1/otp?${qs}`, {
    method: 'POST',
    headers: { ...anonHeaders(h), ...o.headers },
    body: JSON.stringify({
      email,
      data: {},
      create_user: true,
      gotrue_meta_security: {},
      code_challenge: o.challenge,
      code_challenge_method: 's256',
    }),
  });
}

export async function mailbox(h: Harness, email: string): Promise<MailboxItem[]> {
  const res = await fetch(`${h.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as MailboxItem[];
}

/** Opens a link as a browser would, without following the redirect. */
export async function follow(link: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: new URL(res.headers.get('location') ?? 'about:blank') };
}

export function exchange(h: Harness, code: string, verifier: string): Promise<Response> {
  return fetch(`${h.url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: anonHeaders(h),
    body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
  });
}

export function refresh(h: Harness, refreshToken: string): Promise<Response> {
  return fetch(`${h.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: anonHeaders(h),
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

export interface TokenJson { access_token: string; refresh_token: string; expires_in: number; expires_at: number; token_type: string; user: { id: string; email: string } }

/** The whole magic-link round trip without supabase-js: returns the token JSON of the exchange. */
export async function signInRaw(h: Harness, email: string): Promise<TokenJson> {
  const { verifier, challenge } = pkcePair();
  const sent = await requestLink(h, email, { challenge });
  if (sent.status !== 200) throw new Error(`otp answered ${sent.status}: ${await sent.text()}`);
  const [mail] = await mailbox(h, email);
  const { location } = await follow(mail.link);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const res = await exchange(h, code, verifier);
  if (res.status !== 200) throw new Error(`exchange answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TokenJson;
}

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** Node 20 has no native WebSocket and realtime-js refuses to construct without one; these tests never open realtime. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the auth tests');
  }
}

/** The options the app uses (docs/product/api-calls.md: PKCE, persisted session) minus browser-only parts, for Node. */
export function nodeClientOptions(): SupabaseClientOptions<'public'> {
  return {
    auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, storage: memoryStorage() },
    realtime: { transport: (globalThis.WebSocket ?? NoRealtime) as unknown as Transport },
  };
}

/** The in-memory storage supabase-js is given instead of localStorage. */
export function memoryStorage(): { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void } {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}
