/**
 * The tenant's people as the Access Control table reads them (docs/governance.md "Users and
 * invitations"): profiles with the last sign-in of their auth user, filtered, searched by email,
 * sorted and paged in SQL (profiles_tenant_email).
 */
import type { Tx } from '../../db';
import { whereBuilder } from '../list-kit/where-builder';
import { withWindowTotal } from '../list-kit/paging';
import type { UserRow, UsersListQuery } from '../../../contract/users';
import { isRole } from '../../../contract/roles';

export const USER_COLUMNS = `p.id, p.email, p.role, p.status, p.invited_by_email, p.invited_at, p.invite_sent_at, p.created_at, u.last_sign_in_at`;
export const USER_FROM = 'profiles p left join auth.users u on u.id = p.id';

export interface UserDbRow {
  id: string;
  email: string;
  role: string;
  status: string;
  invited_by_email: string | null;
  invited_at: Date | string | null;
  invite_sent_at: Date | string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function mapUser(r: UserDbRow): UserRow {
  return {
    id: r.id,
    email: r.email,
    role: isRole(r.role) ? r.role : 'user',
    status: r.status as UserRow['status'],
    invited_by: r.invited_by_email,
    invited_at: iso(r.invited_at),
    invite_sent_at: iso(r.invite_sent_at),
    last_sign_in_at: iso(r.last_sign_in_at),
    created_at: iso(r.created_at)!,
  };
}

const SORT_SQL: Record<UsersListQuery['sort'], string> = {
  email: 'p.email',
  role: `array_position(array['user','agent','admin']::text[], p.role)`,
  status: `array_position(array['active','invited','deactivated']::text[], p.status)`,
  invited_at: 'p.invited_at',
  last_sign_in_at: 'u.last_sign_in_at',
  created_at: 'p.created_at',
};

/** `%` and `_` in a search are letters, not patterns. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(tx: Tx, tenantId: string, q: UsersListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const w = whereBuilder('p.tenant_id = $1', tenantId);
  if (q.search) w.add((p) => `p.email ilike ${p}`, likeText(q.search.toLowerCase()));
  if (q.role) w.add((p) => `p.role = ${p}`, q.role);
  if (q.status) w.add((p) => `p.status = ${p}`, q.status);
  const where = w.where.join(' and ');
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const { rows } = await tx.query<UserDbRow & { _total: string }>(
    `select ${USER_COLUMNS}, count(*) over () as _total from ${USER_FROM} where ${where}
      order by ${SORT_SQL[q.sort]} ${dir} nulls last, p.email ${dir}, p.id ${dir} limit ${q.limit} offset ${q.offset}`,
    w.params,
  );
  const page = await withWindowTotal(rows, q.offset, async () =>
    Number((await tx.query<{ n: string }>(`select count(*) as n from ${USER_FROM} where ${where}`, w.params)).rows[0].n),
  );
  return { rows: page.rows.map(mapUser), total: page.total };
}

export async function findUser(tx: Tx, tenantId: string, id: string): Promise<UserDbRow | undefined> {
  const { rows } = await tx.query<UserDbRow>(`select ${USER_COLUMNS} from ${USER_FROM} where p.tenant_id = $1 and p.id = $2`, [tenantId, id]);
  return rows[0];
}

export async function findUserByEmail(tx: Tx, tenantId: string, email: string): Promise<UserDbRow | undefined> {
  const { rows } = await tx.query<UserDbRow>(`select ${USER_COLUMNS} from ${USER_FROM} where p.tenant_id = $1 and p.email = $2`, [tenantId, email]);
  return rows[0];
}

/**
 * Locks, in id order (two administrators' commands never deadlock), the person and every active
 * administrator of the tenant, and answers the active administrators' ids: the last-administrator
 * rule reads them under lock, so two demotions at once cannot both pass.
 */
export async function lockForRoleChange(tx: Tx, tenantId: string, id: string): Promise<{ found: boolean; admins: string[] }> {
  const { rows } = await tx.query<{ id: string; role: string; status: string }>(
    `select id, role, status from profiles where tenant_id = $1 and (id = $2 or (role = 'admin' and status = 'active')) order by id for update`,
    [tenantId, id],
  );
  return { found: rows.some((r) => r.id === id), admins: rows.filter((r) => r.role === 'admin' && r.status === 'active').map((r) => r.id) };
}
