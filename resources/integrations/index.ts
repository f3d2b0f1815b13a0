/** /integrations — spec §2.1, §2.3, §6. */
import { lazy } from 'react';
import { ApiOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const integrations: PageModule = {
  name: 'integrations',
  routes: [
    { path: '/integrations', element: lazy(() => import('./integrations-page')) },
  ],
  access: { roles: ['admin'] },
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Marketplace Setup',
    tooltip: 'Connect and manage marketplace accounts',
    icon: ApiOutlined,
    order: 3,
  },
};

export default integrations;
