/**
 * Top bar — docs/product/shell.md "Top bar and diagnostics": product name and tagline, the tenant, the signed-in user (email and
 * role, from GET /api/me, displayed as User, Agent or Administrator), the status badge, the open
 * alerts (a bell to /work with their count, docs/alerts.md "Top bar"), the Diagnostics button and sign-out.
 */
import { lazy, Suspense } from 'react';
import { Button, Flex, Grid, Tooltip } from 'antd';
import { LogoutOutlined, MenuOutlined, MonitorOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { isRole, ROLE_LABEL } from '../../contract/roles';
import { openCommandPalette } from './command-palette';
import { StatusBadge } from './health/status-badge';
import { BRAND } from './theme';
import { AccountButton } from './account-menu-button';
import { UserMark } from './user-mark';
import { OpenAlertsBell } from './open-alerts-bell';

// small screens only: the menu (antd's Dropdown and rc-menu) is not part of a wide first page
const AccountMenu = lazy(() => import('./account-menu'));

export interface TopBarProps {
  tenantName: string | null;
  email: string | null;
  role: string | null;
  onOpenDiagnostics: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  /** Small screens: opens the navigation drawer. */
  onOpenNav?: () => void;
  /** Signed in: the bell with the open-alert count (hidden while signed out). */
  openAlerts?: boolean;
}

/** The role as users read it (docs/product/routes-and-roles.md): User, Agent, Administrator. */
export function roleLabel(role: string | null): string | null {
  return isRole(role) ? ROLE_LABEL[role] : role;
}

export function TopBar({ tenantName, email, role: roleName, onOpenDiagnostics, onSignOut, signingOut, onOpenNav, openAlerts = false }: TopBarProps) {
  const role = roleLabel(roleName);
  const screens = Grid.useBreakpoint();
  const wide = Boolean(screens.lg);
  return (
    <>
      {onOpenNav && <Button type="text" icon={<MenuOutlined />} aria-label="Open navigation" onClick={onOpenNav} />}
      <Link to="/dashboard" className="shell-brand" aria-label={`${BRAND.name} home`}>
        <span className="shell-brand-mark" aria-hidden="true">
          S
        </span>
        <span style={{ minWidth: 0 }}>
          <span className="shell-brand-name" style={{ display: 'block' }}>
            {BRAND.name}
          </span>
          {screens.sm && (
            <span className="shell-brand-tagline" style={{ display: 'block' }}>
              {BRAND.tagline}
            </span>
          )}
        </span>
      </Link>
      {wide && tenantName && (
        <Flex align="center" gap={6} style={{ marginLeft: 20, paddingLeft: 20, borderLeft: '1px solid #e5e7eb', minWidth: 0 }}>
          <ShopOutlined style={{ color: '#6b7280' }} />
          <span className="shell-tenant" data-testid="tenant-name">
            {tenantName}
          </span>
        </Flex>
      )}
      <span className="shell-header-spacer" />
      <Button icon={<SearchOutlined />} onClick={openCommandPalette} aria-label="Search (Ctrl+K)">
        {screens.xl ? (
          <span style={{ color: '#6b7280' }}>
            Search <kbd style={{ fontSize: 11, marginLeft: 8, fontFamily: 'inherit' }}>Ctrl K</kbd>
          </span>
        ) : null}
      </Button>
      <StatusBadge compact={!screens.sm} />
      {openAlerts && <OpenAlertsBell />}
      <Tooltip title="System Diagnostics">
        <Button icon={<MonitorOutlined />} onClick={onOpenDiagnostics} aria-label="Diagnostics">
          {screens.md ? 'Diagnostics' : null}
        </Button>
      </Tooltip>
      {wide ? (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <UserMark />
          <Flex vertical style={{ lineHeight: '16px', minWidth: 0 }}>
            <span className="text-ellipsis" style={{ fontSize: 13, maxWidth: 220 }} title={email ?? undefined} data-testid="user-email">
              {email}
            </span>
            {role && (
              <span className="role-tag" data-testid="user-role">
                {role}
              </span>
            )}
          </Flex>
          <Button icon={<LogoutOutlined />} onClick={onSignOut} loading={signingOut}>
            Sign out
          </Button>
        </Flex>
      ) : screens.lg === undefined ? (
        // the breakpoints are not measured on the first render: neither form yet
        <AccountButton disabled />
      ) : (
        <Suspense fallback={<AccountButton disabled />}>
          <AccountMenu email={email} role={role} tenantName={tenantName} onSignOut={onSignOut} />
        </Suspense>
      )}
    </>
  );
}
