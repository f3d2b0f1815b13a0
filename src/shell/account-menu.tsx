/**
 * The account menu of small screens (docs/product/shell.md): who is signed in, the tenant and Sign
 * out, behind the avatar. Its own module: antd's Dropdown brings rc-menu, which wide screens (the
 * top bar shows all of it inline) never need on their first page (docs/performance.md "Delivery").
 */
import { Dropdown } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { AccountButton } from './account-menu-button';

export interface AccountMenuProps {
  email: string | null;
  role: string | null;
  tenantName: string | null;
  onSignOut: () => void;
}

export default function AccountMenu({ email, role, tenantName, onSignOut }: AccountMenuProps) {
  return (
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
      <AccountButton />
    </Dropdown>
  );
}
