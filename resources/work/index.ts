/** /work — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { BellOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const work: PageModule = {
  name: 'work',
  routes: [
    { path: '/work', element: lazy(() => import('./work-page')) },
  ],
  menu: {
    section: 'System & Monitoring',
    label: 'Alerts & Work Queue',
    tooltip: 'Alerts and the items waiting for someone to act',
    icon: BellOutlined,
    order: 2,
  },
};

export default work;
