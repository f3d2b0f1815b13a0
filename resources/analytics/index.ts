/** /analytics — spec §2.1. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const analytics: PageModule = {
  name: 'analytics',
  routes: [
    { path: '/analytics', element: lazy(() => import('./analytics-page')) },
  ],
};

export default analytics;
