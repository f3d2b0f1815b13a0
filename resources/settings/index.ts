/** /settings — spec §2.1, §2.3, §6. */
import { lazy } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const settings: PageModule = {
  name: 'settings',
  routes: [
    { path: '/settings', element: lazy(() => import('./settings-page')) },
  ],
  access: { roles: ['admin'] },
  menu: {
    section: 'Admin & Settings',
    label: 'Settings',
    tooltip: 'Store settings, users and billing',
    icon: SettingOutlined,
    order: 1,
  },
};

export default settings;
