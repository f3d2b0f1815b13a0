/** /returns — spec §2.1. */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const returns: PageModule = {
  name: 'returns',
  routes: [
    { path: '/returns', element: lazy(() => import('./returns-page')) },
  ],
};

export default returns;
