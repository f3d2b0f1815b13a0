/**
 * Sending the magic link without telling known addresses from unknown ones (docs/auth.md,
 * "No account enumeration"): a failed send is logged and the link withdrawn, never answered with an
 * error only a known address could get, and no answer leaves before OTP_MIN_ANSWER_MS.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthDeps } from './deps';
import { sha256Hex } from './crypto';
import { magicLinkMail } from './magic-link-mail';
import { OTP_MIN_ANSWER_MS } from './constants';

const remainingMs = (started: number) => Math.max(0, started + OTP_MIN_ANSWER_MS - performance.now());

/** Waits until OTP_MIN_ANSWER_MS have passed since `started` (a `performance.now()` reading). */
export async function holdUntil(started: number): Promise<void> {
  const ms = remainingMs(started);
  if (ms > 0) await delay(ms);
}

export interface LinkToSend { to: string; link: string; userId: string; token: string }

export async function deliverLink(d: AuthDeps, log: FastifyBaseLogger, m: LinkToSend, started: number): Promise<void> {
  const delivery = d.mailer.sendMail(magicLinkMail(m.to, m.link)).catch(async (err: unknown) => {
    log.error({ err }, 'magic link mail failed; the link was withdrawn');
    await d.db
      .query('delete from auth.one_time_tokens where user_id = $1 and token_hash = $2', [m.userId, sha256Hex(m.token)])
      .catch((e: unknown) => log.error({ err: e }, 'withdrawing an unsent magic link failed'));
  });
  // the dev mailbox is one local insert: wait for it, so the mail is there when the answer arrives
  if (d.mailer.transport === 'mailbox') return delivery;
  // a slow SMTP server finishes in the background rather than delaying only known addresses
  await Promise.race([delivery, delay(remainingMs(started))]);
}
