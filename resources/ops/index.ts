/** /ops — spec §2.1, §2.3, §6. */
import { lazy } from 'react';
import { ControlOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const ops: PageModule = {
  name: 'ops',
  routes: [
    { path: '/ops', element: lazy(() => import('./ops-page')) },
  ],
  access: { roles: ['agent', 'admin'] },
  menu: {
    section: 'System & Monitoring',
    label: 'Ops Console',
    tooltip: 'Operations overview of the automation platform',
    icon: ControlOutlined,
    indent: true,
    order: 3,
  },
};

export default ops;
