/** /work — docs/product/routes-and-roles.md, docs/alerts.md. */
import { lazy } from 'react';
import { BellOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';
import { alertsLive } from '../../contract/modules/alerts';

// one chunk for both: they load together on the dashboard
const card = (name: 'OpenAlertsCard' | 'NeedsAttentionCard') => lazy(() => import('./alert-cards').then((m) => ({ default: m[name] })));

const work: PageModule = {
  name: 'work',
  routes: [
    { path: '/work', element: lazy(() => import('./work-page')), call: 'GET /alerts' },
  ],
  menu: {
    section: 'System & Monitoring',
    label: 'Alerts & Work Queue',
    tooltip: 'Alerts and the items waiting for someone to act',
    icon: BellOutlined,
    order: 2,
  },
  liveRoutes: alertsLive,
  dashboardCards: [
    { id: 'open-alerts', title: 'Open Alerts', order: 13, source: 'alerts', element: card('OpenAlertsCard') },
    { id: 'needs-attention', title: 'Needs Attention', order: 30, span: 2, source: 'needs attention', element: card('NeedsAttentionCard') },
  ],
};

export default work;
