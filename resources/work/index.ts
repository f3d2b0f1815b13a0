/** /work — docs/product/routes-and-roles.md, docs/alerts.md. */
import { lazy } from 'react';
import { BellOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';
import { alertsLive } from '../../contract/modules/alerts';

// one chunk for both: they load together on the dashboard
const card = (name: 'OpenAlertsCard' | 'NeedsAttentionCard') => lazy(() => import('./alert-cards').then((m) => ({ default: m[name] })));

const work = {
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
  commands: {
    saveNotifications: { label: 'Save notification preferences', resource: 'settings', action: 'update', call: 'PUT /settings/notifications' },
  },
  // who is mailed about which alerts (docs/settings.md "Notification preferences")
  settingsSections: [
    {
      id: 'notifications',
      title: 'Notification preferences',
      order: 5,
      description: 'Which alert severities are mailed to whom when such an alert opens.',
      access: 'settings',
      element: lazy(() => import('./notification-settings')),
    },
  ],
  dashboardCards: [
    { id: 'open-alerts', title: 'Open Alerts', order: 13, source: 'alerts', element: card('OpenAlertsCard') },
    { id: 'needs-attention', title: 'Needs Attention', order: 30, span: 2, source: 'needs attention', element: card('NeedsAttentionCard') },
  ],
} satisfies PageModule;

export default work;
