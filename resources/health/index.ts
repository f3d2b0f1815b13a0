/** /health — System Health, spec §2.1, §2.3, §7.2 (GET /health). */
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
