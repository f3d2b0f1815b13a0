/** The magic-link mail (GoTrue's default subject "Your Magic Link"); the link expires after OTP_EXPIRY_S. */
import type { MailMessage } from '../mail';
import { OTP_EXPIRY_S } from './constants';

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function magicLinkMail(to: string, link: string): MailMessage {
  const hours = OTP_EXPIRY_S / 3600;
  const validity = `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`;
  return {
    to,
    subject: 'Your Magic Link',
    link,
    text: `Follow this link to sign in to Seller Console:\n\n${link}\n\n${validity} If you did not ask for it, you can ignore this mail.\n`,
    html: `<h2>Magic Link</h2><p>Follow this link to sign in to Seller Console:</p><p><a href="${escAttr(link)}">Sign in</a></p><p>${validity} If you did not ask for it, you can ignore this mail.</p>`,
  };
}
