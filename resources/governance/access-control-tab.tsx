/**
 * Access Control, the first tab of /governance (docs/governance.md "Users and invitations"): the
 * workspace's people as a server-side table (paged, sorted, searched by email, filtered by role and
 * status; the state in the URL), the pending invitations, "Invite user", and each person's role
 * change, deactivation or reactivation. The buttons are there only for those who may manage users
 * (`users` / `manage`, permission manage:users); the server refuses everyone else anyway.
 */
import { useState } from 'react';
import { Button, Flex, Select, Table, Tag, Typography } from 'antd';
import { ROLE_LABEL, ROLES, type Role } from '../../contract/roles';
import { USER_STATUSES, USER_STATUS_LABEL, type UserRow, type UserStatus } from '../../contract/users';
import { useAuth } from '../../providers/auth/auth-context';
import { useAccessCheck } from '../../src/shell/use-access';
import { FilterBar } from '../shared/filter-bar';
import { ListStatus, emptyText } from '../shared/list-status';
import { sortable } from '../shared/sortable';
import { useListTable } from '../shared/use-list-table';
import { MANAGE_USERS, USERS_META, USERS_RESOURCE, useUserCommands } from './users-commands';
import { InviteDialog } from './users-invite-dialog';
import { PendingInvitations } from './users-pending';
import { UserRowActions } from './users-row-actions';

const STATUS_COLOR: Record<UserStatus, string> = { active: 'green', invited: 'gold', deactivated: 'default' };
const ROLE_COLOR: Record<Role, string> = { admin: 'purple', agent: 'blue', user: 'default' };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

export default function AccessControlTab() {
  const can = useAccessCheck();
  const manage = can(MANAGE_USERS);
  const me = useAuth().profile?.id;
  const { run, busy } = useUserCommands();
  const [inviting, setInviting] = useState(false);
  const { tableProps, tableQuery, filters, sorters, setFilter, clearFilters, filterValue, retrying, refused } = useListTable<UserRow>({ resource: USERS_RESOURCE, meta: USERS_META });
  const search = filterValue('search');
  const role = filterValue('role');
  const status = filterValue('status');
  const filtered = filters.length > 0;
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Who works in this workspace, with which role. Invite people by email; deactivating someone signs them out at once.
        </Typography.Paragraph>
        {manage && <Button type="primary" onClick={() => setInviting(true)}>Invite user</Button>}
      </Flex>
      <PendingInvitations manage={manage} busy={busy} run={run} />
      <FilterBar search={search} onSearch={(v) => setFilter('search', v.trim())} placeholder="Search email" active={filtered} onClear={clearFilters}>
        <Select aria-label="Role" placeholder="Role" allowClear value={role} onChange={(v) => setFilter('role', v)} style={{ width: 160 }} options={ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] }))} />
        <Select aria-label="Status" placeholder="Status" allowClear value={status} onChange={(v) => setFilter('status', v)} style={{ width: 160 }} options={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABEL[s] }))} />
      </FilterBar>
      <ListStatus what="people" query={tableQuery} retrying={retrying} refused={refused} labels={{ role: 'Role', status: 'Status', search: 'Search' }} />
      <Table<UserRow>
        {...tableProps}
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        locale={{ emptyText: emptyText(tableQuery, retrying, filtered ? 'No people match these filters' : 'No people yet: invite someone') }}
        columns={[
          { ...sortable('email', sorters), title: 'Email', render: (v: string, u) => (u.id === me ? <>{v} <Tag>You</Tag></> : v) },
          { ...sortable('role', sorters), title: 'Role', render: (r: Role) => <Tag color={ROLE_COLOR[r]}>{ROLE_LABEL[r]}</Tag> },
          { ...sortable('status', sorters), title: 'Status', render: (s: UserStatus) => <Tag color={STATUS_COLOR[s]}>{USER_STATUS_LABEL[s]}</Tag> },
          { key: 'invited_by', dataIndex: 'invited_by', title: 'Invited by', render: (v: string | null) => v ?? '—' },
          { ...sortable('last_sign_in_at', sorters), title: 'Last sign-in', render: (v: string | null) => when(v) },
          ...(manage
            ? [{ key: 'actions', title: 'Actions', render: (_: unknown, u: UserRow) => <UserRowActions user={u} me={me} busy={busy === u.id} run={run} /> }]
            : []),
        ]}
      />
      {manage && <InviteDialog open={inviting} busy={busy === 'invite'} onClose={() => setInviting(false)} run={run} />}
    </>
  );
}
