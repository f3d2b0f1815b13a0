/** /agents — docs/product/routes-and-roles.md, docs/agents.md "Console"; the dashboard's Intelligent Agents card (docs/alerts.md "Agent health"). */
import { lazy } from 'react';
import { RobotOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';
import { AGENT_COMMANDS } from './commands';

const agents: PageModule = {
  name: 'agents',
  routes: [
    { path: '/agents', element: lazy(() => import('./agents-page')) },
  ],
  access: 'agents',
  menu: {
    section: 'AI & Automation',
    label: 'All Agents',
    tooltip: 'Pricing, demand and competitor agents with their health',
    icon: RobotOutlined,
    badge: 'AI',
    order: 1,
  },
  // the three agents the product names (docs/agents.md): each with its run history, settings, run
  // now, pause and resume on /agents (GET /agents), the commands below
  agents: [
    {
      id: 'demand-forecasting',
      name: 'Demand Forecasting',
      order: 1,
      description: 'Forecasts each variant\'s daily demand from its sales (weekly pattern and trend): reorder points and quantities for what you stock, days of cover at your suppliers for what you dropship.',
      schedule: 'Every day by default, and on Run now.',
      consumers: ['demand-forecasting'],
      run: { id: 'runDemand', label: 'Run now', resource: 'agents', action: 'manage', call: 'POST /agents/:name/run' },
    },
    {
      id: 'competitor-monitor',
      name: 'Competitor Monitor',
      order: 2,
      description: 'Watches the competitor offers on your listings: new sellers, price drops, the buy box lost or won, offers below MAP; raises alerts and hands changes to the repricer.',
      schedule: 'After every marketplace tick, every 6 hours by default, and on Run now.',
      consumers: ['competitor-monitor'],
      run: { id: 'runCompetitor', label: 'Run now', resource: 'agents', action: 'manage', call: 'POST /agents/:name/run' },
    },
    {
      id: 'pricing-intelligence',
      name: 'Pricing Intelligence',
      order: 3,
      heartbeat: 'repricer',
      description: 'The repricer and its buy-box watch (on Pricing Intelligence): Run now sweeps every listing your rules cover and snapshots your buy-box share.',
      schedule: 'On every marketplace tick, product and rule change, every 15 minutes by default, and on Run now.',
      consumers: ['pricing-agent-runs'],
      run: { id: 'runPricing', label: 'Run now', resource: 'agents', action: 'manage', call: 'POST /agents/:name/run' },
    },
  ],
  commands: AGENT_COMMANDS,
  // the agents' thresholds on /settings too, with the drawer's form (docs/agents.md "Console")
  settingsSections: [
    {
      id: 'agents',
      title: 'Agents',
      order: 25,
      description: 'The thresholds each agent works with, each agent saved on its own.',
      access: 'agents',
      element: lazy(() => import('./agents-settings')),
    },
  ],

  // every signed-in role: GET /alerts/agent-health is everyone's (the /agents page stays the operators')
  dashboardCards: [
    { id: 'intelligent-agents', title: 'Intelligent Agents', order: 41, source: 'operations', element: lazy(() => import('./agents-card')) },
  ],
};

export default agents;
