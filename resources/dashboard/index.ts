/**
 * /dashboard — docs/product/routes-and-roles.md, docs/product/shell.md. The page renders the
 * registry's `dashboardCards` a role may see (src/pages/dashboard-page.tsx); the dashboard's own are
 * here, the domains' in their folders (fulfillment's figures, listings' top offenders).
 */
import { lazy } from 'react';
import { DashboardOutlined } from '@ant-design/icons';
import type { PageModule } from '../../src/lib/registry';

// one chunk for both: they always load together
const card = (name: 'QuickActionsCard' | 'ApiHealthCard') => lazy(() => import('./dashboard-cards').then((m) => ({ default: m[name] })));
const banner = lazy(() => import('./dlq-alert-card').then((m) => ({ default: m.DlqAlertCard })));
const events = lazy(() => import('./recent-events-card').then((m) => ({ default: m.RecentEventsCard })));
// the month's figures from the analytics summary (one request for both)
const month = (name: 'NetRevenueCard' | 'FeesCard') => lazy(() => import('./month-figures-card').then((m) => ({ default: m[name] })));

const dashboard: PageModule = {
  name: 'dashboard',
  routes: [{ path: '/dashboard', element: lazy(() => import('../../src/pages/dashboard-page')) }],
  menu: {
    section: 'Overview',
    label: 'Dashboard',
    tooltip: 'Business overview: revenue, alerts and what needs attention',
    icon: DashboardOutlined,
    order: 1,
  },
  dashboardCards: [
    { id: 'dlq-alert', title: 'Dead Letter Queue Alert', order: 0, banner: true, source: 'operations', element: banner },
    { id: 'quick-actions', title: 'Quick Actions', order: 14, element: card('QuickActionsCard') },
    { id: 'api-health', title: 'API Health', order: 15, source: 'operations', element: card('ApiHealthCard') },
    { id: 'net-revenue', title: 'Net Revenue (MTD)', order: 10, source: 'orders', needs: { resource: 'analytics', action: 'list' }, element: month('NetRevenueCard') },
    // Advances Outstanding (order 11) is capital's card (resources/capital)
    { id: 'fees', title: 'Fees (MTD)', order: 12, source: 'orders', needs: { resource: 'analytics', action: 'list' }, element: month('FeesCard') },
    // Open Alerts (order 13) and Needs Attention (30) are the work queue's cards (resources/work); then Pipeline
    // Backlog (20, fulfillment), Recent Actions (21, governance), Top Offenders (31, listings), Intelligent
    // Agents (41, agents), and fulfillment's figures across the page (50)
    { id: 'recent-events', title: 'Recent Events', order: 40, span: 2, source: 'operations', element: events },
  ],
};

export default dashboard;
