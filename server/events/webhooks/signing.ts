/**
 * Webhook signatures (docs/events.md): `X-Webhook-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`.
 * The timestamp is signed too, so a receiver can refuse old replays of a captured request.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (used by the tests and documented in docs/events.md). */
export function verify(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, timestamp, body));
  const got = Buffer.from(signature);
  return expected.length === got.length && timingSafeEqual(expected, got);
}
