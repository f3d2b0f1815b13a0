/** Mail: the dev mailbox by default, SMTP when SMTP_URL is set (docs/product/architecture.md §1 embedded defaults). */
import type { Db } from '../db';
import type { Config } from '../config';
import type { Mailer } from './types';
import { mailboxMailer } from './mailbox-store';
import { smtpMailer } from './smtp';

export type { Mailer, MailMessage } from './types';
export { registerDevMailbox } from './dev-mailbox-routes';

export function createMailer(o: { db: Db; config: Config; from: string }): Mailer {
  return o.config.smtpUrl ? smtpMailer(o.config.smtpUrl, o.from) : mailboxMailer(o.db);
}
