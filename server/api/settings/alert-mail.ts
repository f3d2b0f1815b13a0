/**
 * Alert mails (docs/settings.md "Notification preferences"): the durable consumer `alert-mail` reads
 * every alert the domains raise (`alerts.*`) and mails the members the tenant's preferences name for
 * its severity, through the one mail channel (server/mail: the dev mailbox, or SMTP when SMTP_URL is
 * set). A recipient already mailed about the event (`alert_mails`) is not mailed again, so a
 * redelivered event mails nobody twice; a failed send is retried by the consumer.
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { createMailer, type Mailer } from '../../mail';
import type { Config } from '../../config';
import { recipientsFor } from './notification-prefs';

export const ALERT_MAIL_CONSUMER = 'alert-mail';

const SEVERITY_WORD: Record<string, string> = { critical: 'Critical', high: 'High', error: 'Error', warning: 'Warning', medium: 'Medium', low: 'Low', info: 'Information' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function alertMailConsumer(ctx: ConsumerContext, mailer?: Mailer): ConsumerDef {
  // the transport the auth mails use (server/mail): SMTP when configured, else the dev mailbox
  const mail = mailer ?? createMailer({ db: ctx.db, config: { smtpUrl: process.env.SMTP_URL || undefined } as Config, from: process.env.SMTP_FROM || 'Seller Console <no-reply@localhost>' });
  return defineConsumer({
    name: ALERT_MAIL_CONSUMER,
    filterSubjects: ['alerts.*'],
    async handle(msg) {
      const a = msg.data;
      const todo = await ctx.db.transaction(async (tx) => {
        const to = await recipientsFor(tx, msg.tenantId, a.severity);
        if (to.length === 0) return [];
        const { rows } = await tx.query<{ to_email: string }>(
          'select to_email from alert_mails where tenant_id = $1 and event_seq = $2 and to_email = any($3::text[])',
          [msg.tenantId, msg.tenantSeq, to],
        );
        const done = new Set(rows.map((r) => r.to_email));
        return to.filter((e) => !done.has(e));
      }, { tenantId: msg.tenantId });
      if (todo.length === 0) return;
      const word = SEVERITY_WORD[a.severity] ?? a.severity;
      for (const to of todo) {
        await mail.sendMail({
          to,
          subject: `[${word}] ${a.message}`.slice(0, 200),
          text: `${word} alert from ${a.source}:\n\n${a.message}\n\nOpen Alerts & Work Queue in the console to act on it.`,
          html: `<p><strong>${escapeHtml(word)} alert</strong> from ${escapeHtml(a.source)}:</p><p>${escapeHtml(a.message)}</p><p>Open Alerts &amp; Work Queue in the console to act on it.</p>`,
        });
      }
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into alert_mails (tenant_id, event_seq, to_email, alert_id) select $1, $2, e, $4 from unnest($3::text[]) e on conflict do nothing`,
          [msg.tenantId, msg.tenantSeq, todo, a.id],
        );
      }, { tenantId: msg.tenantId });
    },
  });
}
