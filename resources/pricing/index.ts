/** /pricing, /pricing/propose, /pricing/agent — spec §2.1, §2.3. */
import { lazy } from 'react';
import { LineChartOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const pricing: PageModule = {
  name: 'pricing',
  routes: [
    { path: '/pricing', element: lazy(() => import('./pricing-page')) },
    { path: '/pricing/propose', element: lazy(() => import('./propose-pricing-page')) },
    { path: '/pricing/agent', element: lazy(() => import('./pricing-agent-page')) },
  ],
  views: { create: '/pricing/propose' },
  menu: {
    section: 'AI & Automation',
    label: 'Pricing Intelligence',
    tooltip: 'Repricing proposals, rules and MAP checks from the pricing agent',
    icon: LineChartOutlined,
    path: '/pricing/agent',
    order: 2,
  },
};

export default pricing;
