/** /flags — feature flags, docs/product/routes-and-roles.md (agent or admin), §7.2 GET /flags. No menu entry in §2.3. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const flags = {
  name: 'flags',
  routes: [{ path: '/flags', element: lazy(() => import('./flags-page')), call: 'PUT /flags/:name' }],
  access: 'flags',
  commands: {
    // the matrix has no flags permission: flag writes need ops:agents (docs/decisions.md)
    toggle: { label: 'Switch flag', resource: 'agents', action: 'manage', call: 'PUT /flags/:name' },
  },
} satisfies PageModule;

export default flags;
