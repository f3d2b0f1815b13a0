/**
 * /fulfillment — docs/product/routes-and-roles.md; docs/dropshipping.md "Work queue", "Labels". Also
 * the domain's dashboard cards (docs/dropshipping.md "Dashboard", docs/dashboard.md), its automation settings as a
 * section of /settings (they stay on /fulfillment too, above the work they govern) and its three
 * agents on /agents (docs/dropshipping.md "Automation").
 */
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
  dashboardCards: [
    {
      id: 'fulfillment',
      title: 'Fulfillment',
      order: 50,
      span: 3,
      source: 'orders',
      // GET /fulfillment/summary is read:orders, as the /fulfillment page
      needs: { resource: 'fulfillment', action: 'list' },
      element: lazy(() => import('./fulfillment-summary-card').then((m) => ({ default: m.FulfillmentSummaryCard }))),
    },
    {
      id: 'pipeline-backlog',
      title: 'Pipeline Backlog',
      order: 20,
      span: 2,
      source: 'orders',
      // GET /dashboard/pipeline-backlog is read:orders, as the /fulfillment page (docs/dashboard.md)
      needs: { resource: 'fulfillment', action: 'list' },
      element: lazy(() => import('./pipeline-backlog-card').then((m) => ({ default: m.PipelineBacklogCard }))),
    },
  ],
  settingsSections: [
    {
      id: 'dropshipping-automation',
      title: 'Dropshipping automation',
      order: 10,
      description: 'Whether marketplace orders flow to suppliers and labels on their own, the hold rules and what resolving a return does.',
      to: '/fulfillment',
      needs: { resource: 'fulfillment', action: 'list' },
      element: lazy(() => import('./automation-settings').then((m) => ({ default: m.AutomationSettingsSection }))),
    },
  ],
  agents: [
    {
      id: 'dropship-router',
      name: 'Dropshipping router',
      description: 'Routes each marketplace order to its suppliers and places the purchase orders, or holds the order when a hold rule says so; a rejected purchase order goes to the backup supplier.',
      schedule: 'On every new marketplace order while the automation is on, and on every rejected purchase order.',
      order: 30,
      consumers: ['dropship-router'],
    },
    {
      id: 'dropship-labels',
      name: 'Label buyer',
      description: "Buys a label at the carriers' best rate once a supplier confirms a purchase order, and marks the order shipped.",
      schedule: 'On every confirmed purchase order.',
      order: 31,
      consumers: ['dropship-labels'],
    },
    {
      id: 'dropship-tracking',
      name: 'Tracking',
      description: "Pushes tracking numbers to the marketplaces and follows the carriers' scans to delivered.",
      schedule: 'On every label bought and every carrier scan. The sandbox suppliers and carriers move one day at each marketplace tick.',
      order: 32,
      consumers: ['dropship-tracking'],
      run: {
        id: 'advanceSandbox',
        label: 'Advance sandbox one day',
        resource: 'agents',
        action: 'manage',
        call: 'POST /fulfillment/sandbox/tick',
        confirm: 'Move the sandbox suppliers and carriers one day forward?',
      },
    },
  ],
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Fulfillment',
    tooltip: 'Shipping labels and tracking for your orders',
    icon: CarOutlined,
    order: 2,
  },
} satisfies PageModule;

export default fulfillment;
