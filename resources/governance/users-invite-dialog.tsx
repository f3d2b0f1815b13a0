/**
 * "Invite user" (docs/governance.md "Users and invitations"): an email address and a role, each role
 * with the description the Access Denied screen gives it (contract/roles.ts).
 */
import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { ROLE_DESCRIPTION, ROLE_LABEL, ROLES, type Role } from '../../contract/roles';
import type { RunCommand } from './users-commands';

export function RoleChoice({ value, onChange }: { value?: Role; onChange?: (r: Role) => void }) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange?.(e.target.value as Role)} aria-label="Role">
      <Space direction="vertical">
        {ROLES.map((r) => (
          <Radio key={r} value={r}>
            <Typography.Text strong>{ROLE_LABEL[r]}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{ROLE_DESCRIPTION[r]}</Typography.Text>
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}

export function InviteDialog({ open, busy, onClose, run }: { open: boolean; busy: boolean; onClose: () => void; run: RunCommand }) {
  const [form] = Form.useForm<{ email: string; role: Role }>();
  const [refused, setRefused] = useState<string>();
  return (
    <Modal
      open={open}
      title="Invite user"
      okText="Send invitation"
      confirmLoading={busy}
      onCancel={() => {
        setRefused(undefined);
        onClose();
      }}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        const why = await run({ kind: 'invite', email: v.email.trim(), role: v.role });
        setRefused(why);
        if (!why) onClose();
      }}
    >
      <Typography.Paragraph>
        They get an email inviting them in. They sign in with that address and land in this workspace with the role you choose.
      </Typography.Paragraph>
      {refused && <Alert role="alert" type="error" showIcon style={{ marginBottom: 16 }} message={refused} />}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ role: 'user' }}>
        <Form.Item name="email" label="Email" rules={[{ required: true, message: 'Enter their email address' }, { type: 'email', message: 'Enter a valid email address' }]}>
          <Input type="email" autoComplete="off" placeholder="name@example.com" autoFocus />
        </Form.Item>
        <Form.Item name="role" label="Role" rules={[{ required: true }]}>
          <RoleChoice />
        </Form.Item>
      </Form>
    </Modal>
  );
}
