/**
 * /integrations — Marketplace Setup (docs/marketplaces-ui.md), admin only. Its commands are the
 * marketplace account writes of the permission matrix (`marketplaces`: manage:integrations); the link
 * wizard at /orchestrator/marketplaces/link asks the same `link` command. Its agent, the marketplace
 * connector, is listed on /agents (docs/marketplaces.md "Connectors").
 */
import { lazy } from 'react';
import { ApiOutlined } from '@ant-design/icons';
import { marketplacesLive, marketplacesPermissions } from '../../contract/modules/marketplaces';
import type { PageModule } from '../../src/lib/registry';

const integrations = {
  name: 'integrations',
  permissions: marketplacesPermissions,
  liveRoutes: marketplacesLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: { navigate: { label: 'Integrations', order: 4 } },
  routes: [{ path: '/integrations', element: lazy(() => import('./integrations-page')) }],
  access: 'integrations',
  agents: [
    {
      id: 'marketplace-connector',
      name: 'Marketplace connector',
      description: 'Talks to the marketplaces for you: verifies linked accounts, pushes your listings, and pulls orders, offers and payouts.',
      schedule: 'On every listing change and account link; a sync after every marketplace tick (every minute on the demo store by default).',
      order: 20,
      consumers: ['marketplace-verify', 'listing-push', 'marketplace-sync'],
    },
  ],
  // a negotiated rate per marketplace (docs/settings.md "Fee overrides"), a section of /settings
  settingsSections: [
    {
      id: 'fee-overrides',
      title: 'Marketplace fee overrides',
      order: 16,
      description: 'A negotiated rate on a marketplace replaces its standard fee schedule for orders placed from then on.',
      access: 'settings',
      element: lazy(() => import('./fee-overrides-section')),
    },
  ],
  commands: {
    link: { label: 'Link marketplace', resource: 'marketplaces', action: 'create', call: 'POST /marketplaces' },
    pause: { label: 'Pause', resource: 'marketplaces', action: 'update', call: 'PUT /marketplaces/:id' },
    disconnect: { label: 'Disconnect', resource: 'marketplaces', action: 'delete', call: 'DELETE /marketplaces/:id' },
    saveFees: { label: 'Save fee overrides', resource: 'settings', action: 'update', call: 'PUT /settings/fees' },
  },
  menu: {
    section: 'Commerce & Fulfillment',
    label: 'Marketplace Setup',
    tooltip: 'Connect and manage marketplace accounts',
    icon: ApiOutlined,
    order: 3,
  },
} satisfies PageModule;

export default integrations;
