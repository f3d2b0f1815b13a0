/**
 * /settings/webhooks — outbound webhooks (docs/events.md), admins only. No side-navigation entry of
 * its own (docs/product/routes-and-roles.md is exact): its section of the Settings page links here, and "Settings" stays highlighted
 * because the path starts with /settings/. Its agent, the webhook dispatcher, is listed on /agents.
 */
import { lazy } from 'react';
import type { PageModule } from '../../src/lib/registry';

const webhooks = {
  name: 'webhooks',
  routes: [{ path: '/settings/webhooks', element: lazy(() => import('./webhooks-page')), call: 'GET /webhooks' }],
  access: 'webhooks',
  settingsSections: [
    {
      id: 'webhooks',
      title: 'Webhooks',
      order: 20,
      description: "Send your store's events to other systems, with signed deliveries and a recent-deliveries log.",
      to: '/settings/webhooks',
      access: 'webhooks',
    },
  ],
  agents: [
    {
      id: 'webhook-dispatcher',
      name: 'Webhook dispatcher',
      description: 'Delivers your events to your webhook endpoints, signed, and retries a failed delivery.',
      schedule: 'On every event one of your webhooks subscribes to.',
      order: 40,
      consumers: ['webhooks'],
    },
  ],
  commands: {
    manage: { label: 'New webhook', resource: 'integrations', action: 'manage', call: 'POST /webhooks' },
  },
} satisfies PageModule;

export default webhooks;
