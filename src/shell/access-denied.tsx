/**
 * Access Denied screen — docs/product/routes-and-roles.md: the user's role (displayed as User, Agent,
 * Administrator) and its description, the required role as "{Role} or higher", the attempted path,
 * Go Back / Go to Dashboard and the contact note.
 */
import { Button, Flex, Result, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_DESCRIPTION, ROLE_LABEL, ROLE_LEVEL, ROLES, type Role } from '../../contract/roles';
import { HOME } from '../lib/next-path';
import { useSafeBack } from '../../providers/router/safe-back';

export interface AccessDeniedProps {
  role: Role;
  /** The roles the page admits. */
  required: readonly Role[];
}

/**
 * "Administrator or higher" when the page admits a role and every role above it; a page that skips
 * a higher role (a supplier form: User and Administrator, not Agent) names the roles it admits.
 */
export function requirementText(required: readonly Role[]): string {
  if (required.length === 0) return 'No role';
  const lowest = [...required].sort((a, b) => ROLE_LEVEL[a] - ROLE_LEVEL[b])[0];
  const upward = ROLES.filter((r) => ROLE_LEVEL[r] >= ROLE_LEVEL[lowest]);
  if (upward.every((r) => required.includes(r))) return `${ROLE_LABEL[lowest]} or higher`;
  return upward.filter((r) => required.includes(r)).map((r) => ROLE_LABEL[r]).join(' or ');
}

export function AccessDenied({ role, required }: AccessDeniedProps) {
  const navigate = useNavigate();
  // a page opened in a fresh tab has no earlier page: Go Back goes home instead of leaving the console
  const back = useSafeBack(HOME);
  const { pathname, search } = useLocation();
  return (
    <Result
      icon={<LockOutlined style={{ color: '#e03131', fontSize: 56 }} />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Access Denied</h1>}
      subTitle="You do not have permission to access this page"
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button onClick={back}>Go Back</Button>
          <Button type="primary" onClick={() => navigate(HOME)}>
            Go to Dashboard
          </Button>
        </Flex>
      }
    >
      <dl className="access-denied-facts">
        <dt>Your role</dt>
        <dd>
          <Typography.Text strong>{ROLE_LABEL[role]}</Typography.Text> — {ROLE_DESCRIPTION[role]}
        </dd>
        <dt>Required</dt>
        <dd>{requirementText(required)}</dd>
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
