/** /analytics — docs/product/routes-and-roles.md, docs/analytics.md. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const analytics: PageModule = {
  name: 'analytics',
  // the command palette's entries for this module (docs/shell.md)
  palette: { navigate: { label: 'Analytics', order: 5 } },
  routes: [
    { path: '/analytics', element: lazy(() => import('./analytics-page')), call: 'GET /analytics/summary' },
  ],
};

export default analytics;
