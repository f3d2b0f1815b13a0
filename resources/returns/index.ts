/** /returns (query status, search, id) — docs/product/routes-and-roles.md; docs/dropshipping.md "Returns". */
import { lazy } from 'react';
import { returnsLive, returnsPermissions } from '../../contract/modules/fulfillment';
import type { PageModule } from '../../src/lib/registry';

const returns = {
  name: 'returns',
  permissions: returnsPermissions,
  liveRoutes: returnsLive,
  routes: [
    { path: '/returns', element: lazy(() => import('./returns-page')), call: 'GET /returns', navUnder: '/fulfillment' },
  ],
  commands: {
    create: { label: 'Create return', resource: 'returns', action: 'create', call: 'POST /returns' },
    approve: { label: 'Approve', resource: 'returns', action: 'approve', call: 'POST /returns/:id/approve' },
    reject: { label: 'Reject', resource: 'returns', action: 'update', call: 'POST /returns/:id/reject' },
    receive: { label: 'Receive', resource: 'returns', action: 'update', call: 'POST /returns/:id/receive' },
    refund: { label: 'Refund', resource: 'returns', action: 'update', call: 'POST /returns/:id/refund' },
    replace: { label: 'Replace', resource: 'returns', action: 'update', call: 'POST /returns/:id/replace' },
  },
  palette: { actions: [{ id: 'requested-returns', label: 'View requested returns', to: '/returns?status=requested' }] },
} satisfies PageModule;

export default returns;
