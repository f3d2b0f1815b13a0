/**
 * Top bar — spec §2.2/§2.4: product name and tagline, the tenant, the signed-in user (email and
 * role, from GET /api/me), the status badge, the Diagnostics button and sign-out.
 */
import { Avatar, Button, Dropdown, Flex, Grid, Tag, Tooltip, Typography } from 'antd';
import { LogoutOutlined, MenuOutlined, MonitorOutlined, SearchOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { openCommandPalette } from './command-palette';
import { StatusBadge } from './health/status-badge';
import { BRAND } from './theme';

export interface TopBarProps {
  tenantName: string | null;
  email: string | null;
  role: string | null;
  onOpenDiagnostics: () => void;
  onSignOut: () => void;
  signingOut: boolean;
  /** Small screens: opens the navigation drawer. */
  onOpenNav?: () => void;
}

export function TopBar({ tenantName, email, role, onOpenDiagnostics, onSignOut, signingOut, onOpenNav }: TopBarProps) {
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
      <Tooltip title="System Diagnostics">
        <Button icon={<MonitorOutlined />} onClick={onOpenDiagnostics} aria-label="Diagnostics">
          {screens.md ? 'Diagnostics' : null}
        </Button>
      </Tooltip>
      {wide ? (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#3b5bdb', flex: 'none' }} />
          <Flex vertical style={{ lineHeight: '16px', minWidth: 0 }}>
            <Typography.Text style={{ fontSize: 13, maxWidth: 220 }} ellipsis data-testid="user-email">
              {email}
            </Typography.Text>
            {role && (
              <Tag style={{ width: 'fit-content', marginTop: 2, fontSize: 11, lineHeight: '16px' }} data-testid="user-role">
                {role}
              </Tag>
            )}
          </Flex>
          <Button icon={<LogoutOutlined />} onClick={onSignOut} loading={signingOut}>
            Sign out
          </Button>
        </Flex>
      ) : (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'who', disabled: true, label: <span data-testid="user-email">{email}{role ? ` · ${role}` : ''}</span> },
              ...(tenantName ? [{ key: 'tenant', disabled: true, label: tenantName }] : []),
              { type: 'divider' as const },
              { key: 'out', icon: <LogoutOutlined />, label: 'Sign out', onClick: onSignOut },
            ],
          }}
        >
          <Button type="text" aria-label="Account" icon={<Avatar size="small" icon={<UserOutlined />} style={{ background: '#3b5bdb' }} />} />
        </Dropdown>
      )}
    </>
  );
}
