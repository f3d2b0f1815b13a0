/** /payments — docs/product/routes-and-roles.md. */
import { lazy } from 'react';
import { CreditCardOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';
import { reconciliationLive, reconciliationPermissions } from '../../contract/modules/reconciliation';
import { payoutsPermissions } from '../../contract/modules/payouts';

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
  // the Reconciliation tab (docs/reconciliation.md "Console"): a problem's decision and the payout uploads
  commands: {
    resolveProblem: { label: 'Resolve', resource: 'reconciliation', action: 'manage', call: 'POST /payouts/reconciliation/:id/resolve' },
    uploadSettlement: { label: 'Upload settlement report', resource: 'reconciliation', action: 'create', call: 'POST /imports/amazon-settlement' },
  },
  liveRoutes: [...reconciliationLive],
  permissions: { ...payoutsPermissions, ...reconciliationPermissions },
};

export default payments;
