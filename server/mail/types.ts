/** The one mail interface (docs/product/architecture.md): auth sends through it, the transport is chosen by SMTP_URL. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link of the mail, kept apart so the dev mailbox can offer it as one click. */
  link?: string;
}

export interface Mailer {
  readonly transport: 'mailbox' | 'smtp';
  sendMail(message: MailMessage): Promise<void>;
}
