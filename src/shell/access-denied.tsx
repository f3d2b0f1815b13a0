/**
 * Access Denied screen — spec §2.8: the user's role and its description, the required roles as
 * "{role} or higher", the attempted path, Go Back / Go to Dashboard and the contact note.
 */
import { Button, Descriptions, Flex, Result, Typography } from 'antd';
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
      status="403"
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
      <Descriptions column={1} size="small" bordered style={{ maxWidth: 560, margin: '0 auto' }}>
        <Descriptions.Item label="Your role">
          <Typography.Text strong>{role}</Typography.Text> — {ROLE_DESCRIPTION[role]}
        </Descriptions.Item>
        <Descriptions.Item label="Required">{minimumOf(required)} or higher</Descriptions.Item>
        <Descriptions.Item label="Attempted path">
          <Typography.Text code>{`${pathname}${search}`}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        Need access? Contact your administrator to upgrade your role.
      </Typography.Paragraph>
    </Result>
  );
}
