/**
 * The invitation mail (docs/governance.md "Users and invitations"): who invited the person, into
 * which workspace, with which role, and the link to the sign-in page, where the address now gets a
 * magic link. Sign-in is PKCE-only (docs/auth.md), so the server cannot put a sign-in link that
 * works by itself into a mail: the browser that exchanges the code must hold the verifier.
 */
import type { MailMessage } from '../../mail';
import { ROLE_LABEL, type Role } from '../../../contract/roles';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface Invitation {
  to: string;
  role: Role;
  workspace: string;
  invitedBy: string;
  /** `<site origin>/auth?email=…` */
  link: string;
}

export function invitationMail(i: Invitation): MailMessage {
  const role = ROLE_LABEL[i.role];
  const what = `${i.invitedBy} invited you to the workspace "${i.workspace}" on Seller Console as ${role}.`;
  const how = 'Open the sign-in page, enter this email address and press "Send magic link": a sign-in link follows by mail.';
  return {
    to: i.to,
    subject: 'You are invited to Seller Console',
    link: i.link,
    text: `${what}\n\n${how}\n\n${i.link}\n\nIf you did not expect this invitation, you can ignore this mail.\n`,
    html: `<h2>You are invited</h2><p>${esc(what)}</p><p>${esc(how)}</p><p><a href="${esc(i.link)}">Open the sign-in page</a></p><p>If you did not expect this invitation, you can ignore this mail.</p>`,
  };
}
