/** /payments — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { CreditCardOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const payments: PageModule = {
  name: 'payments',
  routes: [
    { path: '/payments', element: lazy(() => import('./payments-page')) },
  ],
  menu: {
    section: 'Financial',
    label: 'Payments',
    tooltip: 'Marketplace payouts and fees',
    icon: CreditCardOutlined,
    order: 1,
  },
};

export default payments;
