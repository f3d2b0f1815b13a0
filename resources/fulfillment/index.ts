/** /fulfillment — spec §2.1, §2.3. */
import { lazy } from 'react';
import { CarOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const fulfillment: PageModule = {
  name: 'fulfillment',
  routes: [
    { path: '/fulfillment', element: lazy(() => import('./fulfillment-page')) },
  ],
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Fulfillment',
    tooltip: 'Shipping labels and tracking for your orders',
    icon: CarOutlined,
    order: 2,
  },
};

export default fulfillment;
