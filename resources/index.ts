/**
 * The page registry (docs/product/architecture.md §2): every resource and page module of the console, in one list.
 * Adding a domain = one folder under resources/ + one line here; the shell derives Refine's
 * resources, the routes and the side navigation (docs/product/routes-and-roles.md) from this list.
 */
import type { PageModule } from '../src/lib/registry';
import dashboard from './dashboard';
import orchestrator from './orchestrator';
import products from './products';
import orders from './orders';
import suppliers from './suppliers';
import catalog from './catalog';
import listings from './listings';
import fulfillment from './fulfillment';
import returns from './returns';
import integrations from './integrations';
import agents from './agents';
import pricing from './pricing';
import payments from './payments';
import capital from './capital';
import health from './health';
import work from './work';
import ops from './ops';
import dlq from './dlq';
import streams from './streams';
import settings from './settings';
import webhooks from './webhooks';
import governance from './governance';
import flags from './flags';
import analytics from './analytics';

export const modules: readonly PageModule[] = [
  dashboard,
  orchestrator,
  products,
  orders,
  suppliers,
  catalog,
  listings,
  fulfillment,
  returns,
  integrations,
  agents,
  pricing,
  payments,
  capital,
  health,
  work,
  ops,
  dlq,
  streams,
  settings,
  webhooks,
  governance,
  flags,
  analytics,
];
