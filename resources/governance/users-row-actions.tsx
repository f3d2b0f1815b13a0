/**
 * A person's actions in the Access Control table (docs/governance.md "Users and invitations"):
 * change role, deactivate or reactivate, resend or cancel an invitation. Each asks first; the server
 * has the last word (the last administrator, your own access) and its refusal is shown in words.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Modal, Popconfirm, Typography } from 'antd';
import { ROLE_LABEL, type Role } from '../../contract/roles';
import type { UserRow } from '../../contract/users';
import { RoleChoice } from './users-invite-dialog';
import type { RunCommand as Run } from './users-commands';

function RoleDialog({ user, busy, onClose, run }: { user: UserRow; busy: boolean; onClose: () => void; run: Run }) {
  const [role, setRole] = useState<Role>(user.role);
  const [refused, setRefused] = useState<string>();
  return (
    <Modal
      open
      title={`Change the role of ${user.email}`}
      okText="Change role"
      okButtonProps={{ disabled: role === user.role }}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        const why = await run({ kind: 'role', user, role });
        setRefused(why);
        if (!why) onClose();
      }}
    >
      <Typography.Paragraph>
        Now {ROLE_LABEL[user.role]}. The new role counts from their next click; their menu changes when they reload.
      </Typography.Paragraph>
      {refused && <Alert role="alert" type="error" showIcon style={{ marginBottom: 16 }} message={refused} />}
      <RoleChoice value={role} onChange={setRole} />
    </Modal>
  );
}

export function UserRowActions({ user, me, busy, run }: { user: UserRow; me: string | undefined; busy: boolean; run: Run }) {
  const [changing, setChanging] = useState(false);
  const self = user.id === me;
  return (
    <Flex gap={4} wrap>
      {user.status !== 'deactivated' && (
        <Button size="small" onClick={() => setChanging(true)} aria-label={`Change role of ${user.email}`}>Change role</Button>
      )}
      {user.status === 'active' && !self && (
        <Popconfirm
          title={`Deactivate ${user.email}?`}
          description="They are signed out everywhere at once and cannot sign in until reactivated."
          okText="Deactivate"
          okButtonProps={{ danger: true }}
          onConfirm={() => run({ kind: 'deactivate', user })}
        >
          <Button size="small" danger loading={busy} aria-label={`Deactivate ${user.email}`}>Deactivate</Button>
        </Popconfirm>
      )}
      {user.status === 'deactivated' && (
        <Popconfirm title={`Reactivate ${user.email}?`} description="They can sign in again with their role." okText="Reactivate" onConfirm={() => run({ kind: 'reactivate', user })}>
          <Button size="small" loading={busy} aria-label={`Reactivate ${user.email}`}>Reactivate</Button>
        </Popconfirm>
      )}
      {user.status === 'invited' && <InvitationActions user={user} busy={busy} run={run} />}
      {changing && <RoleDialog user={user} busy={busy} onClose={() => setChanging(false)} run={run} />}
    </Flex>
  );
}

export function InvitationActions({ user, busy, run }: { user: UserRow; busy: boolean; run: Run }) {
  return (
    <>
      <Button size="small" loading={busy} onClick={() => void run({ kind: 'resend', user })} aria-label={`Resend invitation to ${user.email}`}>Resend</Button>
      <Popconfirm
        title={`Cancel the invitation to ${user.email}?`}
        description="The address can no longer sign in to this workspace."
        okText="Cancel invitation"
        cancelText="Keep it"
        okButtonProps={{ danger: true }}
        onConfirm={() => run({ kind: 'cancel', user })}
      >
        <Button size="small" danger loading={busy} aria-label={`Cancel invitation to ${user.email}`}>Cancel invitation</Button>
      </Popconfirm>
    </>
  );
}
