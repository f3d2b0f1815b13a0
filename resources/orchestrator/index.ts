/** /orchestrator, /orchestrator/marketplaces/link — spec §2.1, §2.3. */
import { lazy } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const orchestrator: PageModule = {
  name: 'orchestrator',
  routes: [
    { path: '/orchestrator', element: lazy(() => import('./orchestrator-page')) },
    { path: '/orchestrator/marketplaces/link', element: lazy(() => import('./link-marketplace-page')) },
  ],
  menu: {
    section: 'Overview',
    label: 'AI Orchestrator',
    tooltip: 'Chat with the automation assistant to run tasks across your store',
    icon: MessageOutlined,
    order: 2,
  },
};

export default orchestrator;
