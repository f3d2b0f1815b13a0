/** /capital — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { BankOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

const capital: PageModule = {
  name: 'capital',
  routes: [
    { path: '/capital', element: lazy(() => import('./capital-page')) },
  ],
  menu: {
    section: 'Financial',
    label: 'Capital',
    tooltip: 'Committed capital, cashflow, metrics',
    icon: BankOutlined,
    order: 2,
  },
};

export default capital;
