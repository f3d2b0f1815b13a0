/**
 * Access Denied screen — spec §2.8: the user's role and its description, the required roles as
 * "{role} or higher", the attempted path, Go Back / Go to Dashboard and the contact note.
 */
import { Button, Flex, Result, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_DESCRIPTION, ROLE_LEVEL, type Role } from '../../contract/roles';
import { HOME } from '../lib/next-path';

export interface AccessDeniedProps {
  role: Role;
  required: readonly Role[];
}

/** The lowest required role: a guard passes at that level or above (spec §6). */
function minimumOf(required: readonly Role[]): Role {
  return [...required].sort((a, b) => ROLE_LEVEL[a] - ROLE_LEVEL[b])[0];
}

export function AccessDenied({ role, required }: AccessDeniedProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Result
      icon={<LockOutlined style={{ color: '#e03131', fontSize: 56 }} />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Access Denied</h1>}
      subTitle="You do not have permission to access this page"
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button onClick={() => navigate(-1)}>Go Back</Button>
          <Button type="primary" onClick={() => navigate(HOME)}>
            Go to Dashboard
          </Button>
        </Flex>
      }
    >
      <dl className="access-denied-facts">
        <dt>Your role</dt>
        <dd>
          <Typography.Text strong>{role}</Typography.Text> — {ROLE_DESCRIPTION[role]}
        </dd>
        <dt>Required</dt>
        <dd>{minimumOf(required)} or higher</dd>
        <dt>Attempted path</dt>
        <dd>
          <Typography.Text code>{`${pathname}${search}`}</Typography.Text>
        </dd>
      </dl>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        Need access? Contact your administrator to upgrade your role.
      </Typography.Paragraph>
    </Result>
  );
}
