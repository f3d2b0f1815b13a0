/**
 * The repricer (docs/repricing.md "Repricer"): re-evaluates the listings an event affects and
 * records what changed. A listing is decided again only when its inputs changed since its last
 * evaluation (price, cost, MAP, offers, buy box, governing rule) or when its last decision waited
 * for the minimum interval; everything else is skipped, so a redelivered event does nothing twice.
 * While the tenant's Pricing Intelligence is paused (/agents) every pass is skipped: the event is
 * acknowledged, and resuming sweeps the tenant once (docs/agents.md "Pricing Intelligence").
 */
import type { Tx } from '../../db';
import { appendEvent } from '../../events/outbox';
import { PRICING_EVENTS } from '../../../contract/pricing';
import { connectorFor, loadAccount, type ConnectorEnv } from '../../marketplaces/registry';
import { applyOffers } from '../listings/push';
import { evaluateSelection, record, type RecordResult } from './evaluate';
import type { Selection } from './inputs';
import type { RuleScope } from '../../../contract/pricing';
import { isPaused } from '../../agents/store';

export const REPRICER_ACTOR = 'repricer';

export interface RepriceResult extends RecordResult {
  evaluated: number;
  /** Pricing Intelligence is paused for the tenant: nothing was read, decided or written. */
  paused: boolean;
}

/**
 * Whether the tenant paused Pricing Intelligence on /agents (docs/agents.md "Pricing Intelligence"):
 * then the repricer decides, proposes and pushes nothing for it. One primary-key read per pass.
 */
export const repricerPaused = (tx: Tx, tenantId: string): Promise<boolean> => isPaused(tx, tenantId, 'pricing');

/** Re-evaluates the selection and records what changed — nothing while the tenant's Pricing Intelligence is paused. */
export async function reprice(tx: Tx, tenantId: string, sel: Selection, trigger: string, ids: { causationId?: string; correlationId?: string } = {}, now = new Date()): Promise<RepriceResult> {
  if (await repricerPaused(tx, tenantId)) return { decisions: 0, applied: [], proposals: [], kept: [], evaluated: 0, paused: true };
  return decideAndRecord(tx, tenantId, sel, trigger, ids, now);
}

async function decideAndRecord(tx: Tx, tenantId: string, sel: Selection, trigger: string, ids: { causationId?: string; correlationId?: string }, now: Date): Promise<RepriceResult> {
  const evals = await evaluateSelection(tx, tenantId, sel, now, { keep: (l, hash) => hash !== l.last_hash || l.last_scenario === 'too_soon' });
  const res = await record(tx, tenantId, evals, {
    trigger,
    actor: REPRICER_ACTOR,
    mode: 'rule',
    emit: async (subject, payload) => void (await appendEvent(tx, tenantId, subject, payload, ids)),
  });
  if (res.decisions > 0) {
    await appendEvent(tx, tenantId, PRICING_EVENTS.decided, { trigger, decisions: res.decisions, applied: res.applied.length, proposals: res.proposals.length }, ids);
  }
  return { ...res, evaluated: evals.length, paused: false };
}

/**
 * After a marketplace tick: pull the competitor offers through the connector (the same write the
 * sync consumer makes, so the repricer never decides on offers older than the tick), then reprice
 * that account's listings whose offers or buy box moved.
 */
export async function repriceAfterTick(tx: Tx, tenantId: string, accountId: string, env: ConnectorEnv, ids: { causationId?: string; correlationId?: string }) {
  // paused: the tick is acknowledged and skipped (the sync consumer still records the offers; resume sweeps)
  if (await repricerPaused(tx, tenantId)) return null;
  const account = await loadAccount(tx, accountId);
  if (!account || account.status === 'paused') return null;
  const listed = await tx.query<{ external_id: string }>(
    `select external_id from listings where tenant_id = $1 and marketplace_id = $2 and external_id is not null and status = 'active'`,
    [tenantId, accountId],
  );
  if (listed.rows.length === 0) return null;
  const snaps = await connectorFor(tx, account, env).pullOffers(listed.rows.map((r) => r.external_id));
  await applyOffers(tx, accountId, snaps);
  return decideAndRecord(tx, tenantId, { marketplaceId: accountId }, 'competitor_change', ids, new Date());
}

/**
 * The listings a rule change can move: only those its scope covered before or covers now can have
 * it as their governing rule. Scopes on single listings re-evaluate those listings, scopes on one
 * marketplace that marketplace; anything wider or mixed (and an event without scopes) the tenant.
 */
export function ruleChangeSelection(scopes: readonly RuleScope[] | undefined): Selection {
  if (!scopes?.length) return {};
  if (scopes.every((s) => s.type === 'listings')) return { listingIds: [...new Set(scopes.flatMap((s) => s.listing_ids))] };
  const markets = new Set(scopes.map((s) => (s.type === 'marketplace' ? s.marketplace_id : null)));
  const [only] = markets;
  return markets.size === 1 && only ? { marketplaceId: only } : {};
}
