/** /governance — docs/product/routes-and-roles.md; the dashboard's Recent Actions (docs/dashboard.md "Recent actions"). */
import { lazy } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const governance: PageModule = {
  name: 'governance',
  routes: [
    { path: '/governance', element: lazy(() => import('./governance-page')), call: 'GET /audit' },
  ],
  access: 'governance',
  dashboardCards: [
    {
      id: 'recent-actions',
      title: 'Recent Actions',
      order: 21,
      source: 'operations',
      // the audit log's read (governance:view): admins and agents, not sellers
      needs: { resource: 'audit', action: 'list' },
      element: lazy(() => import('./recent-actions-card').then((m) => ({ default: m.RecentActionsCard }))),
    },
  ],
  menu: {
    section: 'Admin & Settings',
    label: 'Governance',
    tooltip: 'Access control, audit logs and compliance',
    icon: SafetyCertificateOutlined,
    order: 2,
  },
};

export default governance;
