/** /dashboard — docs/product/routes-and-roles.md, docs/product/shell.md (the data-backed dashboard arrives with its domains). */
import { lazy } from 'react';
import { DashboardOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const dashboard: PageModule = {
  name: 'dashboard',
  routes: [{ path: '/dashboard', element: lazy(() => import('../../src/pages/dashboard-page')) }],
  menu: {
    section: 'Overview',
    label: 'Dashboard',
    tooltip: 'Business overview: revenue, alerts and what needs attention',
    icon: DashboardOutlined,
    order: 1,
  },
};

export default dashboard;
