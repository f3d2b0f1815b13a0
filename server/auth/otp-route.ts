/**
 * POST /auth/v1/otp — docs/product/auth-protocol.md §1 (GT `api/otp.go`, `api/magic_link.go`, `api/mail.go`).
 * PKCE only. Sign-up is closed unless AUTH_ALLOW_SIGNUP. An address that gets no link (unknown with
 * sign-up closed, or `create_user: false`) is answered exactly like one that does: same status, body,
 * per-address rate limit, and an answer held to the same minimum time (docs/auth.md, "No account
 * enumeration"). A send replaces the user's previous link.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from './deps';
import { AuthError } from './errors';
import { parsePkceParams } from './pkce';
import { takeSlot } from './rate-limit';
import { externalOrigin, resolveRedirect } from './redirect';
import { createUser, findUserByEmail } from './users';
import { randomToken, sha256Hex } from './crypto';
import { OTP_IP_WINDOW_S } from './constants';
import { deliverLink, holdUntil } from './otp-delivery';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parseEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email;
}

const tooMany = (code: string, message: string, retryAfterS: number) =>
  new AuthError(429, code, message, { 'retry-after': String(retryAfterS) });

export function registerOtp(scope: FastifyInstance, d: AuthDeps): void {
  scope.post('/otp', async (req, reply) => {
    const started = performance.now();
    // per-client budget first, like GoTrue's limiter middleware: every attempt counts
    const ip = await d.db.transaction((tx) => takeSlot(tx, `otp-ip:${req.ip}`, OTP_IP_WINDOW_S, d.config.otpIpLimit));
    if (!ip.ok) throw tooMany('over_request_rate_limit', 'Request rate limit reached', ip.retryAfterS);

    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
    }
    const b = body as Record<string, unknown>;
    if (b.phone && !b.email) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
    const email = parseEmail(b.email);
    const pkce = parsePkceParams(b.code_challenge, b.code_challenge_method);
    const createUserAllowed = b.create_user !== false; // null/absent means the supabase-js default (true)
    const data = typeof b.data === 'object' && b.data !== null && !Array.isArray(b.data) ? (b.data as Record<string, unknown>) : {};
    const redirectTo = resolveRedirect(req, d.config, d.options.redirectAllowList, (req.query as Record<string, unknown>).redirect_to);

    const token = `pkce_${randomToken(32)}`;
    const sent = await d.db.transaction(async (tx) => {
      // the per-address budget counts unknown addresses too, so a 429 does not single out accounts
      const slot = await takeSlot(tx, `email:${email}`, d.config.emailMinIntervalS, 1);
      if (!slot.ok) {
        throw tooMany('over_email_send_rate_limit', `For security purposes, you can only request this after ${slot.retryAfterS} seconds.`, slot.retryAfterS);
      }
      let user = await findUserByEmail(tx, email);
      if (!user) {
        // no mail and no user, but the same answer as a sent link (no account enumeration)
        if (!createUserAllowed || !d.options.allowSignup) return undefined;
        user = await createUser(tx, email, data);
      }
      // a deactivated person gets no link either, with the same answer (docs/governance.md "Users and invitations")
      const barred = await tx.query('select 1 from auth.users where id = $1 and banned_until > now()', [user.id]);
      if (barred.rows.length > 0) return undefined;
      const flowId = randomUUID();
      await tx.query(
        `insert into auth.flow_states (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method)
         values ($1, $2, $3, $4, $5, 'magiclink')`,
        [flowId, user.id, randomUUID(), pkce.challenge, pkce.method],
      );
      // newest link wins: the user's single token row is replaced, the older link stops working
      await tx.query(
        `insert into auth.one_time_tokens (user_id, token_hash, token_type, flow_state_id, sent_at)
         values ($1, $2, 'magiclink', $3, now())
         on conflict (user_id) do update set token_hash = excluded.token_hash, token_type = excluded.token_type,
           flow_state_id = excluded.flow_state_id, sent_at = excluded.sent_at`,
        [user.id, sha256Hex(token), flowId],
      );
      // flows whose link was just replaced, and day-old leftovers, can never complete
      await tx.query(
        `delete from auth.flow_states where user_id = $1 and id <> $2
           and (auth_code_issued_at is null or created_at < now() - interval '1 day')`,
        [user.id, flowId],
      );
      if (!user.email_confirmed_at) await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.id]);
      return { userId: user.id };
    });

    if (sent) {
      const link = `${externalOrigin(req, d.config)}/auth/v1/verify?token=${token}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo)}`;
      await deliverLink(d, req.log, { to: email, link, userId: sent.userId, token }, started);
    }
    await holdUntil(started);
    return reply.send({});
  });
}
