/**
 * The tenant's people on the wire (docs/governance.md "Users and invitations"): who is in the
 * workspace with which role, who is invited and who is deactivated, and the commands an
 * administrator (`manage:users`) runs on them.
 */
import { z } from 'zod';
import { pageQuery } from './api';
import { text } from './fields';
import { ROLES } from './roles';

/** invited: asked in, not signed in yet; active: signed in at least once; deactivated: shut out. */
export const USER_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_STATUS_LABEL: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' };

export const USER_SORTS = ['email', 'role', 'status', 'invited_at', 'last_sign_in_at', 'created_at'] as const;

export const userRow = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  invited_by: z.string().nullable(),
  invited_at: z.string().nullable(),
  invite_sent_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

export const usersListQuery = pageQuery.extend({
  sort: z.enum(USER_SORTS).default('email'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** part of the email address */
  search: text({ max: 200 }).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuery>;

export const inviteBody = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254)),
  role: z.enum(ROLES),
});
export type InviteBody = z.infer<typeof inviteBody>;

export const roleChangeBody = z.strictObject({ role: z.enum(ROLES) });

export const userParams = z.object({ id: z.uuid('Not a user id') });

/** Plain refusals of docs/governance.md "Users and invitations" (409). */
export const USER_MESSAGES = {
  lastAdmin: 'This is the last active Administrator of the workspace. Make someone else an Administrator first.',
  selfLockout: 'You cannot remove your own Administrator access or deactivate yourself. Ask another Administrator.',
  alreadyMember: 'This person is already a member of the workspace.',
  alreadyInvited: 'This person is already invited with another role. Change their role in the table, or resend the invitation.',
  otherWorkspace: 'This email address already belongs to another workspace.',
  notInvited: 'This person is not waiting on an invitation.',
  resentRecently: 'An invitation was sent to this person less than a minute ago. Wait a minute before resending.',
} as const;

/** Seconds between two invitation mails to one person. */
export const INVITE_RESEND_INTERVAL_S = 60;
