/**
 * CSRF tokens — docs/product/constants.md (24 h lifetime), docs/api-conventions.md "CSRF". Stateless: `<expiry ms>.<HMAC(user id + expiry)>`
 * under a key derived from the server secret, so any replica sharing JWT_SECRET can check one
 * without a table. Bearer-token requests do not need the check (docs/api-conventions.md): a browser
 * never attaches an Authorization header by itself. verifyCsrfToken is the check a cookie-carried
 * session must run on every non-GET.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CsrfAnswer } from '../../../contract/api';
import { CSRF_TTL_MS } from '../../../contract/constants';

/** A key of its own, so a CSRF token can never pass for a JWT signature or the other way round. */
export function csrfKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('seller-console/csrf/v1').digest();
}

function mac(key: Buffer, userId: string, expiresAtMs: number): string {
  return createHmac('sha256', key).update(`${userId}.${expiresAtMs}`).digest('base64url');
}

export function issueCsrfToken(key: Buffer, userId: string, now = Date.now()): CsrfAnswer {
  const exp = now + CSRF_TTL_MS;
  return { token: `${exp}.${mac(key, userId, exp)}`, expires_at: new Date(exp).toISOString() };
}

export function verifyCsrfToken(key: Buffer, userId: string, token: string, now = Date.now()): boolean {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const exp = Number(m[1]);
  if (exp <= now) return false;
  const expected = Buffer.from(mac(key, userId, exp));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
