/**
 * /flags — feature flags, docs/product/routes-and-roles.md (agent or admin; no entry in its "Side navigation"),
 * docs/product/api-calls.md "The calls" (GET /flags). Its section of /settings links here.
 */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const flags = {
  name: 'flags',
  routes: [{ path: '/flags', element: lazy(() => import('./flags-page')), call: 'PUT /flags/:name' }],
  access: 'flags',
  settingsSections: [
    {
      id: 'flags',
      title: 'Feature flags',
      order: 30,
      description: 'Switch features of the console on or off for your store, such as the orchestrator chat and publishing listings.',
      to: '/flags',
      access: 'flags',
    },
  ],
  commands: {
    // the matrix has no flags permission: flag writes need ops:agents (docs/decisions.md)
    toggle: { label: 'Switch flag', resource: 'agents', action: 'manage', call: 'PUT /flags/:name' },
  },
} satisfies PageModule;

export default flags;
