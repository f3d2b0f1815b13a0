/**
 * An audit row in words, for the dashboard's Recent Actions (docs/dashboard.md "Recent actions"):
 * who did it (the person's email, or `automation` when no person did), a verb and the object
 * ("Held order ORD-1042", "Voided label", "Approved advance"), and the console's page of the object
 * where one exists. Actions are the audit log's own names (`order.hold`, `product.update`, `return.refund`…):
 * the known ones have their words here, any other reads as its humanized name over the resource.
 */
import type { RecentAction } from '../../../contract/dashboard';

export interface AuditRowIn {
  id: number | string;
  actor_email: string | null;
  action: string;
  resource: string;
  resource_id: string | null;
  after: unknown;
  created_at: Date | string;
}

/** The object's noun by audit resource (contract/audit-vocabulary.ts), and its page (`{id}` the resource id). */
const OBJECTS: Record<string, { noun: string; link?: (id: string | null, after: Record<string, unknown>) => string | null }> = {
  order: { noun: 'order', link: (id) => (id ? `/orders/${encodeURIComponent(id)}` : '/orders') },
  product: { noun: 'product', link: (id) => (id ? `/products/${encodeURIComponent(id)}` : '/products') },
  product_variant: { noun: 'variant', link: (_id, a) => (typeof a.product_id === 'string' ? `/products/${encodeURIComponent(a.product_id)}` : '/products') },
  supplier: { noun: 'supplier', link: (id) => (id ? `/suppliers/${encodeURIComponent(id)}` : '/suppliers') },
  listing: { noun: 'listing', link: (id) => (id ? `/listings?id=${encodeURIComponent(id)}` : '/listings') },
  shipment: { noun: 'label', link: (_id, a) => (typeof a.order_id === 'string' ? `/orders/${encodeURIComponent(a.order_id)}` : '/fulfillment') },
  return: { noun: 'return', link: (id) => (id ? `/returns?id=${encodeURIComponent(id)}` : '/returns') },
  advance: { noun: 'advance', link: () => '/capital' },
  alert: { noun: 'alert', link: () => '/work' },
  dlq_message: { noun: 'dead letter', link: () => '/streams?tab=dlq' },
  marketplace: { noun: 'marketplace account', link: () => '/integrations' },
  pricing_rule: { noun: 'pricing rule', link: () => '/pricing' },
  price_proposal: { noun: 'price proposal', link: () => '/pricing' },
  webhook: { noun: 'webhook', link: () => '/settings/webhooks' },
  feature_flag: { noun: 'feature flag', link: () => '/flags' },
  fulfillment_settings: { noun: 'fulfillment settings', link: () => '/settings' },
  map_settings: { noun: 'MAP settings', link: () => '/settings' },
  payout: { noun: 'payouts', link: () => '/payments' },
  reconciliation_problem: { noun: 'reconciliation problem', link: () => '/payments' },
  fulfillment: { noun: 'fulfillment', link: () => '/fulfillment' },
};

/** Past tense of the audit log's verbs (the last part of a dotted action). */
const VERBS: Record<string, string> = {
  create: 'Created', created: 'Created', update: 'Updated', updated: 'Updated', delete: 'Deleted', deleted: 'Deleted',
  approve: 'Approved', reject: 'Rejected', deny: 'Denied', import: 'Imported', route: 'Routed', hold: 'Held',
  release_hold: 'Released the hold on', buy: 'Bought', void: 'Voided', cancel: 'Cancelled', request: 'Requested',
  receive: 'Received', refund: 'Refunded', replace: 'Replaced', replay: 'Replayed', discard: 'Discarded',
  replay_bulk: 'Replayed', discard_bulk: 'Discarded', link: 'Linked', unlink: 'Unlinked', acknowledge: 'Acknowledged',
  assign: 'Assigned', resolve: 'Resolved', note: 'Noted', score: 'Scored', end: 'Ended', payoff: 'Paid off',
  rotate_secret: 'Rotated the secret of', ship_to: 'Changed the ship-to address of', status_change: 'Changed the status of',
  settings: 'Changed', sandbox_tick: 'Advanced the sandbox of', update_price: 'Repriced', propose: 'Proposed',
  suppliers_order: 'Reordered the suppliers of', image_add: 'Added an image to', image_update: 'Changed an image of',
  image_delete: 'Removed an image of', accept: 'Accepted', dispute: 'Disputed', holdback: 'Took a holdback on', bulk_create: 'Created listings in bulk for', bulk_create_job: 'Started a bulk listing job for',
};

const humanize = (s: string) => s.replace(/[._]+/g, ' ').trim();
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A uuid is no name a person reads: the object is named without it. */
const READABLE_ID = /^(?![0-9a-f]{8}-[0-9a-f]{4}-)[\w .:#/-]{1,40}$/i;

export function describeAction(r: AuditRowIn): RecentAction {
  const after = r.after && typeof r.after === 'object' && !Array.isArray(r.after) ? (r.after as Record<string, unknown>) : {};
  const object = OBJECTS[r.resource];
  const noun = object?.noun ?? humanize(r.resource);
  const last = r.action.split('.').pop() ?? r.action;
  const verb = VERBS[last] ?? VERBS[r.action];
  // a bulk action or an import acts on many: the noun in the plural, no one object
  const many = last.endsWith('_bulk') || last === 'import';
  const id = r.resource_id && READABLE_ID.test(r.resource_id) ? ` ${r.resource_id}` : '';
  const plural = noun.endsWith('s') ? noun : `${noun}s`;
  const what = verb ? `${verb} ${many ? plural : `${noun}${id}`}` : `${capital(humanize(r.action))}: ${noun}${id}`;
  return {
    id: Number(r.id),
    who: r.actor_email ?? 'automation',
    what,
    at: new Date(r.created_at).toISOString(),
    link: object?.link ? object.link(many ? null : r.resource_id, after) : null,
    action: r.action,
    resource: r.resource,
    resource_id: r.resource_id,
  };
}
