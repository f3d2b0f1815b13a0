/**
 * Users and invitations (docs/governance.md "Users and invitations"): the tenant's people, inviting
 * someone by email with a role, changing a role, deactivating and reactivating, resending or
 * withdrawing a pending invitation. Permission `manage:users` (administrators). Each command changes
 * its row once (a row lock, or a conditional write); audit and event only when something changed.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { conflict, notFound } from '../errors';
import type { Tx } from '../../db';
import type { AuthInfo } from '../context';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  INVITE_RESEND_INTERVAL_S, USER_MESSAGES, inviteBody, roleChangeBody, userParams, userRow, usersListQuery, type UserRow,
} from '../../../contract/users';
import {
  USERS_DEACTIVATED, USERS_INVITATION_CANCELLED, USERS_INVITATION_RESENT, USERS_INVITED, USERS_REACTIVATED, USERS_ROLE_CHANGED,
} from '../../../contract/users-events';
import type { Role } from '../../../contract/roles';
import { externalOrigin } from '../../auth/redirect';
import { sessionsRevoked } from '../../auth/revocations';
import { accountsFor } from './accounts';
import { invitationMail } from './invitation-mail';
import { findUser, findUserByEmail, listUsers, lockForRoleChange, mapUser } from './queries';

const ACCESS = 'manage:users' as const;
const LOCK = { table: 'profiles', what: 'User' } as const;

const users: ApiModule = (api) => {
  const accounts = accountsFor(api.services.db, api.services.config);

  const mailFor = (req: Parameters<typeof externalOrigin>[0], auth: AuthInfo, email: string, role: Role) =>
    invitationMail({
      to: email,
      role,
      workspace: auth.tenantName,
      invitedBy: auth.email,
      link: `${externalOrigin(req, api.services.config)}/auth?email=${encodeURIComponent(email)}`,
    });

  const current = async (tx: Tx, tenantId: string, id: string): Promise<UserRow> => {
    const row = await findUser(tx, tenantId, id);
    if (!row) throw notFound('User');
    return mapUser(row);
  };

  api.route({
    method: 'GET',
    url: '/governance/users',
    access: ACCESS,
    query: usersListQuery,
    answer: listAnswer(userRow),
    async handler({ tx, auth, query }) {
      const { rows, total } = await listUsers(tx, auth.tenantId, query);
      return list(rows, total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/governance/users/invitations',
    access: ACCESS,
    body: inviteBody,
    answer: oneAnswer(userRow),
    async handler(ctx) {
      const { tx, auth, body, req } = ctx;
      const known = async () => {
        const had = await findUserByEmail(tx, auth.tenantId, body.email);
        if (!had) return undefined;
        // a second submit of the same invitation answers it, changing nothing
        if (had.status === 'invited' && had.role === body.role) return one(mapUser(had));
        throw conflict(had.status === 'invited' ? USER_MESSAGES.alreadyInvited : USER_MESSAGES.alreadyMember);
      };
      const before = await known();
      if (before) return before;
      const mail = mailFor(req, auth, body.email, body.role);
      const { userId, mailed } = await accounts.ensureUser(tx, mail);
      // the profile is the invitation; a concurrent identical invite waits on its key and inserts nothing
      const made = await tx.query<{ id: string }>(
        `insert into profiles (id, tenant_id, role, email, status, invited_by, invited_by_email, invited_at, invite_sent_at)
         values ($1, $2, $3, $4, 'invited', $5, $6, now(), now()) on conflict (id) do nothing returning id`,
        [userId, auth.tenantId, body.role, body.email, auth.userId, auth.email],
      );
      if (!made.rows[0]) {
        const again = await known();
        if (again) return again;
        throw conflict(USER_MESSAGES.otherWorkspace);
      }
      if (!mailed) await accounts.sendInvitation(tx, ctx.reply, mail);
      const after = await current(tx, auth.tenantId, userId);
      await ctx.audit({ action: 'user.invite', resource: 'user', resourceId: userId, after: { email: after.email, role: after.role, status: after.status } });
      await ctx.emit(USERS_INVITED, { id: userId, email: after.email, role: after.role, by: auth.email });
      ctx.status(201);
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/governance/users/invitations/:id/resend',
    access: ACCESS,
    params: userParams,
    lock: LOCK,
    answer: oneAnswer(userRow),
    async handler(ctx) {
      const { tx, auth, params, req } = ctx;
      const before = await current(tx, auth.tenantId, params.id);
      if (before.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
      // conditional: a double click sends one mail
      const { rows } = await tx.query(
        `update profiles set invite_sent_at = now(), updated_at = now()
          where tenant_id = $1 and id = $2 and status = 'invited' and invite_sent_at < now() - make_interval(secs => $3) returning id`,
        [auth.tenantId, params.id, INVITE_RESEND_INTERVAL_S],
      );
      if (!rows[0]) throw conflict(USER_MESSAGES.resentRecently);
      await accounts.sendInvitation(tx, ctx.reply, mailFor(req, auth, before.email, before.role));
      const after = await current(tx, auth.tenantId, params.id);
      await ctx.audit({ action: 'user.resend_invitation', resource: 'user', resourceId: params.id, before: { invite_sent_at: before.invite_sent_at }, after: { invite_sent_at: after.invite_sent_at } });
      await ctx.emit(USERS_INVITATION_RESENT, { id: params.id, email: before.email, by: auth.email });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/governance/users/invitations/:id',
    access: ACCESS,
    params: userParams,
    lock: LOCK,
    async handler(ctx) {
      const { tx, auth, params } = ctx;
      const before = await current(tx, auth.tenantId, params.id);
      if (before.status !== 'invited') throw conflict(USER_MESSAGES.notInvited);
      await tx.query(`delete from profiles where tenant_id = $1 and id = $2 and status = 'invited'`, [auth.tenantId, params.id]);
      await accounts.withdraw(tx, params.id);
      await ctx.audit({ action: 'user.cancel_invitation', resource: 'user', resourceId: params.id, before: { email: before.email, role: before.role, status: before.status } });
      await ctx.emit(USERS_INVITATION_CANCELLED, { id: params.id, email: before.email, by: auth.email });
      ctx.status(204);
      return undefined;
    },
  });

  api.route({
    method: 'PUT',
    url: '/governance/users/:id/role',
    access: ACCESS,
    params: userParams,
    body: roleChangeBody,
    // the person and the tenant's administrators are locked together, in id order (queries.ts)
    lock: false,
    answer: oneAnswer(userRow),
    async handler(ctx) {
      const { tx, auth, params, body } = ctx;
      const { found, admins } = await lockForRoleChange(tx, auth.tenantId, params.id);
      if (!found) throw notFound('User');
      const before = await current(tx, auth.tenantId, params.id);
      if (before.role === body.role) return one(before);
      if (before.role === 'admin' && before.status === 'active') guardAdmins(auth, params.id, admins);
      await tx.query('update profiles set role = $3, updated_at = now() where tenant_id = $1 and id = $2', [auth.tenantId, params.id, body.role]);
      // tokens this replica verified carry the old role: drop them, the next call reads the new one
      sessionsRevoked({ userId: params.id });
      const after = await current(tx, auth.tenantId, params.id);
      await ctx.audit({ action: 'user.change_role', resource: 'user', resourceId: params.id, before: { role: before.role }, after: { role: after.role } });
      await ctx.emit(USERS_ROLE_CHANGED, { id: params.id, email: before.email, from: before.role, to: after.role, by: auth.email });
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/governance/users/:id/deactivate',
    access: ACCESS,
    params: userParams,
    lock: false,
    answer: oneAnswer(userRow),
    async handler(ctx) {
      const { tx, auth, params } = ctx;
      const { found, admins } = await lockForRoleChange(tx, auth.tenantId, params.id);
      if (!found) throw notFound('User');
      const before = await current(tx, auth.tenantId, params.id);
      if (before.status === 'deactivated') return one(before);
      if (before.status === 'invited') throw conflict('This person has not joined yet: cancel the invitation instead.');
      if (params.id === auth.userId) throw conflict(USER_MESSAGES.selfLockout);
      if (before.role === 'admin') guardAdmins(auth, params.id, admins);
      await tx.query(`update profiles set status = 'deactivated', updated_at = now() where tenant_id = $1 and id = $2`, [auth.tenantId, params.id]);
      await accounts.setActive(tx, params.id, false);
      const after = await current(tx, auth.tenantId, params.id);
      await ctx.audit({ action: 'user.deactivate', resource: 'user', resourceId: params.id, before: { status: before.status }, after: { status: after.status } });
      await ctx.emit(USERS_DEACTIVATED, { id: params.id, email: before.email, by: auth.email });
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/governance/users/:id/reactivate',
    access: ACCESS,
    params: userParams,
    lock: LOCK,
    answer: oneAnswer(userRow),
    async handler(ctx) {
      const { tx, auth, params } = ctx;
      const before = await current(tx, auth.tenantId, params.id);
      if (before.status !== 'deactivated') return one(before);
      await tx.query(`update profiles set status = 'active', updated_at = now() where tenant_id = $1 and id = $2 and status = 'deactivated'`, [auth.tenantId, params.id]);
      await accounts.setActive(tx, params.id, true);
      const after = await current(tx, auth.tenantId, params.id);
      await ctx.audit({ action: 'user.reactivate', resource: 'user', resourceId: params.id, before: { status: before.status }, after: { status: after.status } });
      await ctx.emit(USERS_REACTIVATED, { id: params.id, email: before.email, by: auth.email });
      return one(after);
    },
  });
};

/**
 * An active administrator loses the role or is deactivated: never the caller themselves (they would
 * lock themselves out), never the tenant's last active administrator (409, docs/governance.md).
 */
function guardAdmins(auth: AuthInfo, id: string, activeAdmins: string[]): void {
  if (id === auth.userId) throw conflict(USER_MESSAGES.selfLockout);
  if (activeAdmins.filter((a) => a !== id).length === 0) throw conflict(USER_MESSAGES.lastAdmin);
}

export default defineModule({ name: 'governance-users', routes: users });
