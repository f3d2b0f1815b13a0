/**
 * SMTP transport (docs/product/architecture.md): with SMTP_URL set, mails leave through nodemailer,
 * loaded only then (a server without SMTP_URL never loads it: docs/performance.md "Start time").
 */
import type { Transporter } from 'nodemailer';
import type { Mailer } from './types';

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Promise<Transporter> = import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
  // a transport that cannot be made fails the first send, not the process
  transport.catch(() => undefined);
  return {
    transport: 'smtp',
    async sendMail(m) {
      await (await transport).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
