/**
 * Who signs in, behind one interface (docs/governance.md "Users and invitations"): the embedded auth
 * server's tables (server/auth/, docs/auth.md) or, with SUPABASE_URL set, Supabase's admin API
 * (supabase-admin.ts). The profile row — tenant and role — is this server's either way.
 */
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { Tx } from '../../db';
import { createMailer, type MailMessage, type Mailer } from '../../mail';
import { readAuthOptions } from '../../auth/options';
import { sessionsRevoked } from '../../auth/revocations';
import { loadEnv } from '../../env';
import { supabaseAdmin, type SupabaseAdmin } from './supabase-admin';
import type { Db } from '../../db';

export interface Accounts {
  /**
   * The user the address signs in as, made when there is none. `mailed`: the provider already sent
   * the invitation (Supabase's invite does both).
   */
  ensureUser(tx: Tx, mail: MailMessage): Promise<{ userId: string; mailed: boolean }>;
  /** Sends (again) the invitation; a mail failure does not undo the command (it is logged). */
  sendInvitation(tx: Tx, reply: FastifyReply, mail: MailMessage): Promise<void>;
  /** A withdrawn invitation: the user made for it goes, so the address is closed again. */
  withdraw(tx: Tx, userId: string): Promise<void>;
  /** Deactivation ends every session at once and bars sign-in; reactivation lifts the bar. */
  setActive(tx: Tx, userId: string, active: boolean): Promise<void>;
}

/** The embedded auth server's tables: the user is an unconfirmed auth.users row until the first link. */
export function embeddedAccounts(mailer: Mailer): Accounts {
  return {
    async ensureUser(tx, mail) {
      const made = await tx.query<{ id: string }>(
        'insert into auth.users (id, email) values ($1, $2) on conflict (email) do nothing returning id',
        [randomUUID(), mail.to],
      );
      if (made.rows[0]) return { userId: made.rows[0].id, mailed: false };
      const { rows } = await tx.query<{ id: string }>('select id from auth.users where email = $1', [mail.to]);
      return { userId: rows[0].id, mailed: false };
    },
    async sendInvitation(tx, reply, mail) {
      if (mailer.transport === 'mailbox') {
        // the dev mailbox is a table: the mail is written with the command, or not at all
        await tx.query('insert into auth.mailbox (to_email, subject, body_text, body_html, link) values ($1, $2, $3, $4, $5)', [
          mail.to, mail.subject, mail.text, mail.html, mail.link ?? null,
        ]);
        return;
      }
      // SMTP once the command committed and answered (a mail server is not waited on inside a transaction)
      reply.raw.once('finish', () => {
        if (reply.statusCode >= 300) return;
        mailer.sendMail(mail).catch((err: unknown) => reply.log.error({ err }, 'invitation mail failed; resend it from Access Control'));
      });
    },
    async withdraw(tx, userId) {
      // only a user the invitation made and who never signed in; their pending link goes with them
      await tx.query('delete from auth.users where id = $1 and last_sign_in_at is null', [userId]);
      await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
    },
    async setActive(tx, userId, active) {
      await tx.query(`update auth.users set banned_until = ${active ? 'null' : "'infinity'"}, updated_at = now() where id = $1`, [userId]);
      if (!active) {
        // refresh tokens go with their sessions (on delete cascade); tokens verified on this replica are dropped now
        await tx.query('delete from auth.sessions where user_id = $1', [userId]);
        await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
        sessionsRevoked({ userId });
      }
    },
  };
}

/** Supabase's admin API: it makes the user and mails the invitation itself. */
export function supabaseAccounts(admin: SupabaseAdmin, redirectTo: (mail: MailMessage) => string | undefined): Accounts {
  return {
    async ensureUser(_tx, mail) {
      return { userId: await admin.invite(mail.to, {}, redirectTo(mail)), mailed: true };
    },
    async sendInvitation(_tx, _reply, mail) {
      await admin.invite(mail.to, {}, redirectTo(mail));
    },
    async withdraw(_tx, userId) {
      await admin.deleteUser(userId);
    },
    async setActive(_tx, userId, active) {
      await admin.setBanned(userId, !active);
      if (!active) sessionsRevoked({ userId });
    },
  };
}

/** The accounts of this server's configuration. */
export function accountsFor(db: Db, config: Config, env: Record<string, string | undefined> = loadEnv()): Accounts {
  if (config.supabaseUrl) {
    const admin = supabaseAdmin({ url: config.supabaseUrl, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? '' });
    return supabaseAccounts(admin, (m) => m.link);
  }
  return embeddedAccounts(createMailer({ db, config, from: readAuthOptions(env).mailFrom }));
}
