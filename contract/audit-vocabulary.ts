/**
 * The audit log's one vocabulary (docs/governance.md "Audit log"): `resource` is the object's name,
 * singular snake_case (`product`, `pricing_rule`, `dlq_message`); `action` is `<resource>.<verb>`, the
 * verb snake_case in the imperative (`product.create`, `order.release_hold`, `listing.bulk_update`).
 * Every `ctx.audit({...})` writes names of this form (tests/unit/audit-vocabulary.test.ts reads the
 * server's sources), and migration 0049 renamed the rows written before it.
 *
 * The filters accept the older spellings too, so a link or a saved filter made before still finds
 * its rows: a plural or older resource name reads as its current one, and a bare verb (`create`)
 * matches that verb on every resource.
 */

/** The shape of a name: `product`, `product.create`. */
export const AUDIT_RESOURCE = /^[a-z][a-z0-9_]*$/;
export const AUDIT_ACTION = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;

/** The resources written today (the Audit Logs tab offers them; other names are accepted as typed). */
export const AUDIT_RESOURCES = [
  'advance', 'alert', 'dlq_message', 'feature_flag', 'fulfillment', 'fulfillment_settings', 'listing', 'map_settings',
  'marketplace', 'order', 'payout', 'price_proposal', 'pricing_rule', 'product', 'product_variant', 'reconciliation_problem',
  'return', 'shipment', 'supplier', 'webhook', 'export', 'user', 'customer', 'retention_settings',
] as const;

/** Resource names written before the vocabulary → the name now. */
export const LEGACY_RESOURCES: Readonly<Record<string, string>> = {
  products: 'product', product_variants: 'product_variant', orders: 'order', suppliers: 'supplier', listings: 'listing',
  shipments: 'shipment', returns: 'return', advances: 'advance', marketplaces: 'marketplace', pricing_rules: 'pricing_rule',
  price_proposals: 'price_proposal', flags: 'feature_flag', payouts: 'payout', webhooks: 'webhook', alerts: 'alert', exports: 'export',
};

/** Action names written before the vocabulary that were not `<old resource>.<verb>` or a bare verb → the name now. */
export const LEGACY_ACTIONS: Readonly<Record<string, string>> = {
  'capital.advance_requested': 'advance.request',
  'capital.advance_approved': 'advance.approve',
  'capital.advance_rejected': 'advance.reject',
  'capital.advance_holdback': 'advance.holdback',
  'capital.advance_payoff': 'advance.payoff',
  'dlq.replay': 'dlq_message.replay',
  'dlq.replay_bulk': 'dlq_message.replay_bulk',
  'dlq.discard': 'dlq_message.discard',
  'dlq.discard_bulk': 'dlq_message.discard_bulk',
  'fulfillment.settings': 'fulfillment_settings.update',
  'pricing.propose': 'price_proposal.propose',
  cancel: 'order.cancel',
  status_change: 'order.status_change',
};

/** The resource a filter means. */
export function canonicalResource(name: string): string {
  const n = name.trim().toLowerCase();
  return LEGACY_RESOURCES[n] ?? n;
}

/**
 * What an action filter matches: `{ exact }` a full name (an old full name reads as its new one),
 * `{ verb }` a bare verb on any resource.
 */
export function actionFilter(name: string): { exact: string } | { verb: string } {
  const n = name.trim().toLowerCase();
  if (LEGACY_ACTIONS[n]) return { exact: LEGACY_ACTIONS[n] };
  if (!n.includes('.')) return { verb: n };
  const [resource, verb] = [n.slice(0, n.indexOf('.')), n.slice(n.indexOf('.') + 1)];
  return { exact: `${canonicalResource(resource)}.${verb}` };
}
