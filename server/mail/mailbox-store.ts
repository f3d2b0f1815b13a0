/**
 * Dev mailbox (docs/auth.md): with no SMTP_URL every mail is stored in auth.mailbox, so a developer
 * can sign in without a mail server. The console names the mail but not its link: log lines never
 * carry tokens (server/logging.ts); the link is on /dev/mailbox.
 */
import type { Db } from '../db';
import type { Mailer } from './types';

export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  link: string | null;
  text: string;
  created_at: string;
}

export function mailboxMailer(db: Db): Mailer {
  return {
    transport: 'mailbox',
    async sendMail(m) {
      await db.query('insert into auth.mailbox (to_email, subject, body_text, body_html, link) values ($1, $2, $3, $4, $5)', [
        m.to.toLowerCase(),
        m.subject,
        m.text,
        m.html,
        m.link ?? null,
      ]);
      console.log(`[mail] ${m.subject} → ${m.to}${m.link ? ' (link in /dev/mailbox)' : ''}`);
    },
  };
}

/** Newest first; `to` narrows to one address (compared lower-cased, as auth stores emails). */
export async function listMailbox(db: Db, opts: { to?: string; limit: number }): Promise<MailboxEntry[]> {
  const params: unknown[] = [opts.limit];
  let where = '';
  if (opts.to) {
    params.push(opts.to.trim().toLowerCase());
    where = 'where to_email = $2';
  }
  const { rows } = await db.query<{ id: number | bigint; to_email: string; subject: string; link: string | null; body_text: string; created_at: Date }>(
    `select id, to_email, subject, link, body_text, created_at from auth.mailbox ${where} order by id desc limit $1`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_email,
    subject: r.subject,
    link: r.link,
    text: r.body_text,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
