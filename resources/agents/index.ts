/** /agents — docs/product/routes-and-roles.md. */
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
};

export default agents;
