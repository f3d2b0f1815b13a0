/**
 * /settings/webhooks — outbound webhooks (issue 6 §3, §11), admins only. No side-navigation entry of
 * its own (spec §2.3 is exact): the Settings page links here, and "Settings" stays highlighted
 * because the path starts with /settings/.
 */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const webhooks: PageModule = {
  name: 'webhooks',
  routes: [{ path: '/settings/webhooks', element: lazy(() => import('./webhooks-page')) }],
  access: { roles: ['admin'] },
  live: 'resources/webhooks',
};

export default webhooks;
