/** /orchestrator, /orchestrator/marketplaces/link — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const orchestrator: PageModule = {
  name: 'orchestrator',
  // off: no menu item, no palette entries, its pages say so (docs/settings.md "Feature flags")
  flag: 'enableOrchestrator',
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [{ id: 'link-marketplace-page', label: 'Link a marketplace', to: '/orchestrator/marketplaces/link' }, { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' }],
    create: [{ id: 'link-marketplace', label: 'Link Marketplace', to: '/orchestrator/marketplaces/link', order: 1 }],
  },
  routes: [
    { path: '/orchestrator', element: lazy(() => import('./orchestrator-page')) },
    { path: '/orchestrator/marketplaces/link', element: lazy(() => import('./link-marketplace-page')), navUnder: '/integrations' },
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
