/**
 * /capital — docs/product/routes-and-roles.md, docs/capital.md: committed capital, cashflow and
 * working-capital advances. Also the dashboard's Advances Outstanding card.
 */
import { lazy } from 'react';
import { BankOutlined } from '@ant-design/icons';
import { capitalLive } from '../../contract/modules/capital';
import type { PageModule } from '../../src/lib/registry';

const capital = {
  name: 'capital',
  liveRoutes: capitalLive,
  routes: [
    { path: '/capital', element: lazy(() => import('./capital-page')), call: 'GET /capital' },
  ],
  menu: {
    section: 'Financial',
    label: 'Capital',
    tooltip: 'Committed capital, cashflow, metrics',
    icon: BankOutlined,
    order: 2,
  },
  commands: {
    request: { label: 'Request advance', resource: 'advances', action: 'create', call: 'POST /capital/advances/request' },
    approve: { label: 'Approve', resource: 'advances', action: 'approve', call: 'POST /capital/advances/:id/approve' },
    reject: { label: 'Reject', resource: 'advances', action: 'approve', call: 'POST /capital/advances/:id/reject' },
    payoff: { label: 'Pay off', resource: 'advances', action: 'create', call: 'POST /capital/advances/:id/payoff' },
  },
  dashboardCards: [
    {
      id: 'advances-outstanding',
      title: 'Advances Outstanding',
      order: 11,
      source: 'capital',
      needs: { resource: 'capital', action: 'list' },
      element: lazy(() => import('./advances-card').then((m) => ({ default: m.AdvancesOutstandingCard }))),
    },
  ],
} satisfies PageModule;

export default capital;
