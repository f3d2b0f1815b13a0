/** The pending invitations above the people table (docs/governance.md "Users and invitations"), with resend and cancel. */
import { Alert, Card, List, Typography } from 'antd';
import { useList } from '@refinedev/core';
import { ROLE_LABEL } from '../../contract/roles';
import type { UserRow } from '../../contract/users';
import { finalMessage } from '../../providers/api';
import { InvitationActions } from './users-row-actions';
import { USERS_META, USERS_RESOURCE, type RunCommand } from './users-commands';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

export function PendingInvitations({ manage, busy, run }: { manage: boolean; busy: string | null; run: RunCommand }) {
  const { result, query } = useList<UserRow>({
    resource: USERS_RESOURCE,
    meta: USERS_META,
    filters: [{ field: 'status', operator: 'eq', value: 'invited' }],
    sorters: [{ field: 'invited_at', order: 'desc' }],
    pagination: { pageSize: 50 },
    errorNotification: false,
  });
  if (query.isError) return <Alert type="error" showIcon style={{ marginBottom: 16 }} message="Could not load the pending invitations" description={finalMessage(query.error)} />;
  if (query.isLoading || result.data.length === 0) return null;
  return (
    <Card size="small" title={`Pending invitations (${result.total ?? result.data.length})`} style={{ marginBottom: 16 }}>
      <List<UserRow>
        size="small"
        dataSource={result.data}
        renderItem={(u) => (
          <List.Item actions={manage ? [<InvitationActions key="a" user={u} busy={busy === u.id} run={run} />] : []}>
            <List.Item.Meta
              title={u.email}
              description={<Typography.Text type="secondary">{ROLE_LABEL[u.role]} · invited by {u.invited_by ?? '—'} · last sent {when(u.invite_sent_at)}</Typography.Text>}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
