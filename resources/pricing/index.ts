/**
 * /pricing (rules and the rule editor), /pricing/propose (proposals), /pricing/agent (Pricing
 * Intelligence) — docs/product/routes-and-roles.md; docs/repricing.md. Every signed-in role reads;
 * the buttons that write ask the permission the server route declares (write:products). Its two
 * agents, the repricer and the pricing agent, are listed on /agents (docs/repricing.md); its
 * repricing defaults are a section of /settings (docs/settings.md "Repricing defaults").
 */
import { lazy } from 'react';
import { LineChartOutlined } from '@ant-design/icons';
import { pricingLive, pricingPermissions } from '../../contract/modules/pricing';
import type { PageModule } from '../../src/lib/registry';

const pricing = {
  name: 'pricing',
  permissions: pricingPermissions,
  liveRoutes: pricingLive,
  // the command palette's entries for this module (docs/shell.md)
  palette: {
    actions: [
      { id: 'pricing-agent', label: 'Open Pricing Intelligence', to: '/pricing/agent' },
      { id: 'map-violations', label: 'View MAP violations', to: '/catalog?filter=violations' },
      { id: 'tier1-suppliers', label: 'View tier 1 suppliers', to: '/suppliers?tier=1' },
    ],
    create: [{ id: 'propose-pricing', label: 'Propose Pricing', to: '/pricing/propose', order: 3 }],
  },
  routes: [
    { path: '/pricing', element: lazy(() => import('./pricing-page')), navUnder: '/pricing/agent' },
    { path: '/pricing/propose', element: lazy(() => import('./propose-pricing-page')), navUnder: '/pricing/agent' },
    // the charts page is its own chunk: @ant-design/charts loads only here
    { path: '/pricing/agent', element: lazy(() => import('./pricing-agent-page')) },
  ],
  views: { create: '/pricing/propose' },
  agents: [
    {
      id: 'repricer',
      name: 'Repricer',
      description: 'Decides new prices for the listings your pricing rules cover: applied at once by automatic rules, proposed for approval by the others.',
      schedule: 'On every marketplace tick, product or variant change and rule change, for the listings it affects; and a sweep of every listing every 15 minutes by default.',
      order: 10,
      consumers: ['repricer'],
    },
    {
      id: 'pricing-agent',
      name: 'Buy-box watch',
      description: 'Snapshots your buy-box share per marketplace account and raises an alert when it falls.',
      schedule: 'After every marketplace tick, and on the repricer\'s sweep schedule.',
      order: 11,
      consumers: ['pricing-agent'],
    },
  ],
  commands: {
    createRule: { label: 'Create rule', resource: 'pricing_rules', action: 'create', call: 'POST /pricing/rules' },
    editRule: { label: 'Edit rule', resource: 'pricing_rules', action: 'edit', call: 'PUT /pricing/rules/:id' },
    deleteRule: { label: 'Delete rule', resource: 'pricing_rules', action: 'delete', call: 'DELETE /pricing/rules/:id' },
    // a dry run of the rules over a selection: it writes proposals, not prices
    propose: { label: 'Propose prices', resource: 'price_proposals', action: 'create', call: 'POST /pricing/propose' },
    approve: { label: 'Approve', resource: 'price_proposals', action: 'approve', call: 'POST /pricing/proposals/:id/approve' },
    reject: { label: 'Reject', resource: 'price_proposals', action: 'update', call: 'POST /pricing/proposals/:id/reject' },
    bulk: { label: 'Approve or reject selected', resource: 'price_proposals', action: 'approve', call: 'POST /pricing/proposals/bulk' },
    saveRepricingDefaults: { label: 'Save repricing defaults', resource: 'settings', action: 'update', call: 'PUT /settings/repricing' },
  },
  // what a new rule starts from (docs/settings.md "Repricing defaults"); the rules stay on /pricing
  settingsSections: [
    {
      id: 'repricing-defaults',
      title: 'Repricing defaults',
      order: 12,
      description: 'The values a new pricing rule starts from. Existing rules keep their own values.',
      to: '/pricing',
      access: 'settings',
      element: lazy(() => import('./repricing-defaults-section')),
    },
  ],
  menu: {
    section: 'AI & Automation',
    label: 'Pricing Intelligence',
    tooltip: 'Repricing proposals, rules and MAP checks from the pricing agent',
    icon: LineChartOutlined,
    path: '/pricing/agent',
    order: 2,
  },
} satisfies PageModule;

export default pricing;
