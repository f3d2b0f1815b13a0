/** /fulfillment — docs/product/routes-and-roles.md; docs/dropshipping.md "Work queue", "Labels". */
import { lazy } from 'react';
import { CarOutlined } from '@ant-design/icons';
import { fulfillmentLive, fulfillmentPermissions } from '../../contract/modules/fulfillment';
import type { PageModule } from '../../src/lib/registry';

const fulfillment = {
  name: 'fulfillment',
  permissions: fulfillmentPermissions,
  liveRoutes: fulfillmentLive,
  routes: [
    { path: '/fulfillment', element: lazy(() => import('./fulfillment-page')), call: 'GET /fulfillment/queue' },
  ],
  commands: {
    buyLabels: { label: 'Buy labels', resource: 'shipments', action: 'create', call: 'POST /shipments' },
    voidLabel: { label: 'Void', resource: 'shipments', action: 'update', call: 'POST /shipments/:id/void' },
    releaseHold: { label: 'Release hold', resource: 'fulfillment', action: 'update', call: 'POST /orders/:id/release-hold' },
    saveSettings: { label: 'Save automation', resource: 'settings', action: 'update', call: 'PUT /fulfillment/settings' },
  },
  palette: { actions: [{ id: 'late-shipments', label: 'View late shipments', to: '/fulfillment?late=true' }] },
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Fulfillment',
    tooltip: 'Shipping labels and tracking for your orders',
    icon: CarOutlined,
    order: 2,
  },
} satisfies PageModule;

export default fulfillment;
