/** /settings — docs/product/routes-and-roles.md, docs/settings.md. */
import { lazy } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';
import { settingsLive } from '../../contract/modules/settings';

const settings = {
  name: 'settings',
  // the command palette's entries for this module (docs/shell.md)
  palette: { navigate: { label: 'Settings', order: 6 } },
  routes: [
    { path: '/settings', element: lazy(() => import('./settings-page')), call: 'GET /settings/store' },
  ],
  access: 'settings',
  menu: {
    section: 'Admin & Settings',
    label: 'Settings',
    tooltip: 'Store settings, users and billing',
    icon: SettingOutlined,
    order: 1,
  },
  liveRoutes: settingsLive,
  // the store profile is the page's first section (docs/settings.md "Store profile")
  settingsSections: [
    {
      id: 'store',
      title: 'Store profile',
      order: 0,
      description: "Your store's name, currency and time zone, and the address printed on labels.",
      access: 'settings',
      element: lazy(() => import('./store-profile-section')),
    },
  ],
  commands: {
    saveStore: { label: 'Save store profile', resource: 'settings', action: 'update', call: 'PUT /settings/store' },
  },
} satisfies PageModule;

export default settings;
