/**
 * The pricing domain's consumers (docs/repricing.md "Events"):
 * - `repricer` re-evaluates the listings an event affects: a marketplace tick (competitor offers and
 *   buy box), a product or variant change (cost, MAP), a rule change;
 * - `pricing-agent` (Pricing Intelligence) snapshots the tenant's buy-box share after each tick and
 *   raises `alerts.buy_box_drop` on a fall beyond the threshold.
 * Both run as workers with a heartbeat (their agent names).
 */
import type { ConsumerContext } from '../../events/consumers';
import { defineConsumer, type ConsumerDef } from '../../events/types';
import { MARKETPLACE_EVENTS } from '../../../contract/listings';
import { PRICING_EVENTS } from '../../../contract/pricing';
import { repriceAfterTick, reprice, ruleChangeSelection } from './repricer';
import { snapshotTenant } from './agent';

export const REPRICER_CONSUMER = 'repricer';
export const AGENT_CONSUMER = 'pricing-agent';

const REPRICER_SUBJECTS = [MARKETPLACE_EVENTS.ticked, 'products.updated', 'products.variant_updated', PRICING_EVENTS.ruleChanged] as const;

export function repricerConsumer(ctx: ConsumerContext): ConsumerDef {
  const env = { dataDir: process.env.DATA_DIR ?? './.data' };
  return defineConsumer({
    name: REPRICER_CONSUMER,
    filterSubjects: REPRICER_SUBJECTS,
    agentName: 'repricer',
    async handle(msg) {
      const ids = { causationId: String(msg.tenantSeq), correlationId: msg.correlationId ?? undefined };
      await ctx.db.transaction(async (tx) => {
        if (msg.subject === MARKETPLACE_EVENTS.ticked) return repriceAfterTick(tx, msg.tenantId, msg.data.id, env, ids);
        if (msg.subject === 'products.updated') return reprice(tx, msg.tenantId, { productIds: [msg.data.id] }, 'cost_change', ids);
        if (msg.subject === 'products.variant_updated') return reprice(tx, msg.tenantId, { variantIds: [msg.data.id] }, 'cost_change', ids);
        return reprice(tx, msg.tenantId, ruleChangeSelection(msg.data.scopes), 'rule_change', ids);
      }, { tenantId: msg.tenantId });
    },
  });
}

export function pricingAgentConsumer(ctx: ConsumerContext): ConsumerDef {
  return defineConsumer({
    name: AGENT_CONSUMER,
    filterSubjects: [MARKETPLACE_EVENTS.ticked],
    agentName: 'pricing-agent',
    async handle(msg) {
      // the ticked account only: one account's tick leaves the others' shares as they were
      await snapshotTenant(ctx.db, msg.tenantId, msg.data.id);
    },
  });
}
