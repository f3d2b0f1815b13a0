/**
 * The people of a workspace (docs/governance.md "Users and invitations"): an administrator
 * invited, re-invited or withdrew an invitation, changed a role, deactivated or reactivated
 * someone. `by` is the administrator's email.
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';
import { ROLES } from './roles';

export const USERS_INVITED = 'users.invited';
export const USERS_INVITATION_RESENT = 'users.invitation_resent';
export const USERS_INVITATION_CANCELLED = 'users.invitation_cancelled';
export const USERS_ROLE_CHANGED = 'users.role_changed';
export const USERS_DEACTIVATED = 'users.deactivated';
export const USERS_REACTIVATED = 'users.reactivated';

const who = { id: z.string(), email: z.string(), by: z.string() };

export const usersEvents = defineEvents({
  [USERS_INVITED]: event('JOBS', 'An administrator invited a person into the workspace with a role', z.strictObject({ ...who, role: z.enum(ROLES) })),
  [USERS_INVITATION_RESENT]: event('JOBS', 'An administrator sent a pending invitation again', z.strictObject(who)),
  [USERS_INVITATION_CANCELLED]: event('JOBS', 'An administrator withdrew a pending invitation', z.strictObject(who)),
  [USERS_ROLE_CHANGED]: event('JOBS', "An administrator changed a person's role", z.strictObject({ ...who, from: z.enum(ROLES), to: z.enum(ROLES) })),
  [USERS_DEACTIVATED]: event('JOBS', 'An administrator deactivated a person: their sessions ended at once', z.strictObject(who)),
  [USERS_REACTIVATED]: event('JOBS', 'An administrator let a deactivated person back in', z.strictObject(who)),
});
