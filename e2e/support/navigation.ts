/** The side navigation of docs/product/routes-and-roles.md, per role (section → labels in order). */
export type NavRole = 'seller' | 'agent' | 'admin';

interface Row { section: string; label: string; roles?: readonly ('agent' | 'admin')[] }

const AGENT_ADMIN = ['agent', 'admin'] as const;
const ADMIN = ['admin'] as const;

export const NAV_TABLE: readonly Row[] = [
  { section: 'Overview', label: 'Dashboard' },
  { section: 'Overview', label: 'AI Orchestrator' },
  { section: 'Inventory & Orders', label: 'Products' },
  { section: 'Inventory & Orders', label: 'Orders' },
  { section: 'Inventory & Orders', label: 'Suppliers' },
  { section: 'Commerce & Fulfillment', label: 'Catalog & Listings' },
  { section: 'Commerce & Fulfillment', label: 'Fulfillment' },
  { section: 'Commerce & Fulfillment', label: 'Marketplace Setup', roles: ADMIN },
  { section: 'AI & Automation', label: 'All Agents', roles: AGENT_ADMIN },
  { section: 'AI & Automation', label: 'Pricing Intelligence' },
  { section: 'Financial', label: 'Payments' },
  { section: 'Financial', label: 'Capital' },
  { section: 'System & Monitoring', label: 'System Health' },
  { section: 'System & Monitoring', label: 'Alerts & Work Queue' },
  { section: 'System & Monitoring', label: 'Ops Console', roles: AGENT_ADMIN },
  { section: 'System & Monitoring', label: 'DLQ Management', roles: AGENT_ADMIN },
  { section: 'System & Monitoring', label: 'Event Streams', roles: AGENT_ADMIN },
  { section: 'Admin & Settings', label: 'Settings', roles: ADMIN },
  { section: 'Admin & Settings', label: 'Governance', roles: ADMIN },
];

export function expectedNav(role: NavRole): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const row of NAV_TABLE) {
    if (row.roles && (role === 'seller' || !row.roles.includes(role))) continue;
    (out[row.section] ??= []).push(row.label);
  }
  return out;
}
