/** /governance — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const governance: PageModule = {
  name: 'governance',
  routes: [
    { path: '/governance', element: lazy(() => import('./governance-page')), call: 'GET /audit' },
  ],
  access: 'governance',
  menu: {
    section: 'Admin & Settings',
    label: 'Governance',
    tooltip: 'Access control, audit logs and compliance',
    icon: SafetyCertificateOutlined,
    order: 2,
  },
};

export default governance;
