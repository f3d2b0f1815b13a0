/** /flags — feature flags, spec §2.1, §6 (agent or admin), §7.2 GET /flags. No menu entry in §2.3. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const flags: PageModule = {
  name: 'flags',
  routes: [{ path: '/flags', element: lazy(() => import('./flags-page')) }],
  access: { roles: ['agent', 'admin'] },
};

export default flags;
