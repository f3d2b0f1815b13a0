/** SMTP transport (issue 2 §6): with SMTP_URL set, mails leave through nodemailer. */
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
