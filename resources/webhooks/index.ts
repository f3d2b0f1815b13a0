/**
 * /settings/webhooks — outbound webhooks (docs/events.md), admins only. No side-navigation entry of
 * its own (docs/product/routes-and-roles.md is exact): the Settings page links here, and "Settings" stays highlighted
 * because the path starts with /settings/.
 */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const webhooks = {
  name: 'webhooks',
  routes: [{ path: '/settings/webhooks', element: lazy(() => import('./webhooks-page')), call: 'GET /webhooks' }],
  access: 'webhooks',
  commands: {
    manage: { label: 'New webhook', resource: 'integrations', action: 'manage', call: 'POST /webhooks' },
  },
} satisfies PageModule;

export default webhooks;
