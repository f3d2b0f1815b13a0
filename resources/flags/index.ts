/**
 * /flags — feature flags, docs/product/routes-and-roles.md (agent or admin; no entry in its "Side navigation"),
 * docs/product/api-calls.md "The calls" (GET /flags), docs/settings.md "Feature flags" (administrators switch them,
 * agents read them). Its section of /settings links here.
 */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const flags = {
  name: 'flags',
  routes: [{ path: '/flags', element: lazy(() => import('./flags-page')), call: 'GET /flags/details' }],
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
    // agents see /flags read-only; switching a flag is the store's setting (docs/decisions.md "Only administrators switch feature flags")
    toggle: { label: 'Switch flag', resource: 'settings', action: 'update', call: 'PUT /flags/:name' },
  },
} satisfies PageModule;

export default flags;
