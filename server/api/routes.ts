/**
 * The one list of domain modules (docs/api-conventions.md "Domain modules"): the app registers each
 * module's routes under /api, the event runtime its consumers (server/events/consumers.ts). Adding a
 * domain is its folder under server/api/ and one line here.
 */
import type { DomainModule } from './module';
import me from './me/routes';
import flags from './flags/routes';
import audit from './audit/routes';
import csrf from './csrf/routes';
import products from './products/routes';
import orders from './orders/routes';
import suppliers from './suppliers/routes';
import imports from './imports/routes';
import streams from './streams/routes';
import dlq from './dlq/routes';
import webhooks from './webhooks/routes';
import ops from './ops/routes';
import streamSse from './stream-sse/routes';
import marketplaces from './marketplaces/routes';
import listings from './listings/routes';
import fulfillment from './fulfillment/routes';
import returns from './returns/routes';
import pricing from './pricing/routes';
import images from './images/routes';
import ledger from './ledger/routes';
import analytics from './analytics/routes';
import payouts from './payouts/routes';
import reconciliation from './reconciliation/routes';
import capital from './capital/routes';
import alerts from './alerts/routes';
import work from './work/routes';
import dashboard from './dashboard/routes';
import dashboardFeed from './dashboard/feed';
import compliance from './compliance/routes';
import governanceUsers from './governance-users/routes';
import exportsModule from './exports/routes';
import settings from './settings/routes';
import orchestrator from './orchestrator/routes';
import agentsModule from './agents/routes';

export const apiModules: readonly DomainModule[] = [me, flags, audit, csrf, products, orders, suppliers, imports, streams, dlq, webhooks, ops, streamSse, marketplaces, listings, pricing, fulfillment, returns, images, ledger, analytics, payouts, capital, reconciliation, alerts, work, dashboard, dashboardFeed, governanceUsers, exportsModule, compliance, settings, agentsModule, orchestrator];
