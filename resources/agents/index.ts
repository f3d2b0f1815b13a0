/** /agents — docs/product/routes-and-roles.md; the dashboard's Intelligent Agents card (docs/alerts.md "Agent health"). */
import { lazy } from 'react';
import { RobotOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const agents: PageModule = {
  name: 'agents',
  routes: [
    { path: '/agents', element: lazy(() => import('./agents-page')) },
  ],
  access: 'agents',
  menu: {
    section: 'AI & Automation',
    label: 'All Agents',
    tooltip: 'Pricing, demand and competitor agents with their health',
    icon: RobotOutlined,
    badge: 'AI',
    order: 1,
  },
  // every signed-in role: GET /alerts/agent-health is everyone's (the /agents page stays the operators')
  dashboardCards: [
    { id: 'intelligent-agents', title: 'Intelligent Agents', order: 41, source: 'operations', element: lazy(() => import('./agents-card')) },
  ],
};

export default agents;
