/** /ops — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { ControlOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const ops: PageModule = {
  name: 'ops',
  routes: [
    { path: '/ops', element: lazy(() => import('./ops-page')), call: 'GET /ops/summary' },
  ],
  access: 'ops',
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
