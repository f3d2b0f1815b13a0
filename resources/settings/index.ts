/** /settings — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const settings: PageModule = {
  name: 'settings',
  // the command palette's entries for this module (docs/shell.md)
  palette: { navigate: { label: 'Settings', order: 6 } },
  routes: [
    { path: '/settings', element: lazy(() => import('./settings-page')) },
  ],
  access: 'settings',
  menu: {
    section: 'Admin & Settings',
    label: 'Settings',
    tooltip: 'Store settings, users and billing',
    icon: SettingOutlined,
    order: 1,
  },
};

export default settings;
