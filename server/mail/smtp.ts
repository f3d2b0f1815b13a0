/** SMTP transport (docs/product/architecture.md): with SMTP_URL set, mails leave through nodemailer. */
import nodemailer from 'nodemailer';
import type { Mailer } from './types';

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async sendMail(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
