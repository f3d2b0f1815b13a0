/** /health — System Health, docs/product/routes-and-roles.md, docs/product/api-calls.md (GET /health). */
import { lazy } from 'react';
import { HeartOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const health: PageModule = {
  name: 'health',
  routes: [{ path: '/health', element: lazy(() => import('./health-page')) }],
  menu: {
    section: 'System & Monitoring',
    label: 'System Health',
    tooltip: 'API and database status of the running service',
    icon: HeartOutlined,
    order: 1,
  },
};

export default health;
