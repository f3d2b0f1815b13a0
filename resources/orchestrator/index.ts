/** /orchestrator, /orchestrator/marketplaces/link — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

/** The question the palette's "Ask what needs my attention" types into the chat's box (not sent). */
export const ATTENTION_QUESTION = 'What needs my attention today?';

const orchestrator: PageModule = {
  name: 'orchestrator',
  // off: no menu item, no palette entries, its pages say so (docs/settings.md "Feature flags")
  flag: 'enableOrchestrator',
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [
      { id: 'new-conversation', label: 'New conversation', to: '/orchestrator?new=1' },
      { id: 'ask-attention', label: 'Ask what needs my attention', to: `/orchestrator?ask=${encodeURIComponent(ATTENTION_QUESTION)}` },
      { id: 'link-marketplace-page', label: 'Link a marketplace', to: '/orchestrator/marketplaces/link' },
      { id: 'pending-orders', label: 'View pending orders', to: '/orders?status=pending' },
    ],
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
