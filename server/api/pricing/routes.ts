/**
 * Pricing API (docs/repricing.md): rules (CRUD and a dry-run preview), proposals (list, approve,
 * reject, bulk), the on-demand propose command, a listing's price history, and the Pricing
 * Intelligence figures. Every signed-in role reads; changing rules and deciding proposals takes
 * write:products (prices are part of the catalogue). Rule changes emit `pricing.rule_changed`, which
 * the repricer consumer picks up.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one, type Ctx } from '../kit';
import { HttpError, notFound } from '../errors';
import type { Tx } from '../../db';
import { FEE_SCHEDULES } from '../../../contract/marketplaces';
import { listingParams } from '../../../contract/listings';
import {
  PRICING_EVENTS,
  priceHistoryQuery,
  proposalApprove,
  proposalBulk,
  proposalListQuery,
  proposalParams,
  proposeBody,
  ruleCreate,
  ruleCreateBody,
  ruleListQuery,
  ruleParams,
  rulePreview,
  ruleUpdate,
  type RuleCreate,
  pricingLive,
  repricingDefaults,
  repricingDefaultsBody,
  withRuleDefaults,
} from '../../../contract/pricing';
import { SETTINGS_EVENTS } from '../../../contract/settings-events';
import { changedDefaults, defaultValues, readRepricingDefaults, writeRepricingDefaults } from './defaults';
import { rateToBp } from '../../domain/repricing';
import { RULE_COLUMNS, RULE_INSERT_COLUMNS, loadRules, mapRule, rankRules, ruleFor, ruleValues, type RuleRow } from './rules';
import { evaluate, evaluateSelection, record, summarise, summarySentence } from './evaluate';
import { loadInputs, ownSellers } from './inputs';
import { PROPOSAL_EXPIRED, decideMany, decideProposal, getProposal, listProposals, pendingIds, type BulkItem } from './proposals';
import { slicedCommand } from '../sliced';
import { bulkJobConsumer, createBulkJob, getBulkJob } from './bulk-jobs';
import { computeAgent } from './agent';
import { pricingAgentConsumer, repricerConsumer } from './consumers';
import { startSweep, sweepMs } from './sweep';
import { listingsPermissions } from '../../../contract/modules/listings';
import { pricingPermissions } from '../../../contract/modules/pricing';
import { z } from 'zod';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { BULK_PROPOSALS_IN_REQUEST, bulkJobParams, priceDecision, priceProposal, pricingAgent, pricingRule, proposalBulkJob, type PriceDecision } from '../../../contract/pricing';

const MAX_FEE_BP = Math.max(...Object.values(FEE_SCHEDULES).map((s) => rateToBp(s.rate)));

/** Refuses a minimum margin no price can keep (a rule's, or the defaults' a new rule would take). */
function checkMargin(minMarginBp: number): void {
  if (minMarginBp + MAX_FEE_BP >= 10_000) {
    const message = `Minimum margin plus the marketplace fee (up to ${MAX_FEE_BP / 100} %) must stay below 100 %`;
    throw new HttpError(400, 'validation_failed', message, [{ field: 'min_margin_bp', message, code: 'too_big' }]);
  }
}

/** Refuses what the schema cannot see: a margin no price can keep, a foreign marketplace, supplier or listing. */
async function checkRule(tx: Tx, tenantId: string, r: RuleCreate): Promise<void> {
  checkMargin(r.min_margin_bp);
  if (r.scope.type === 'marketplace') {
    const { rows } = await tx.query('select 1 from marketplace_accounts where tenant_id = $1 and id = $2', [tenantId, r.scope.marketplace_id]);
    if (!rows.length) throw new HttpError(400, 'validation_failed', 'Unknown marketplace', [{ field: 'scope.marketplace_id', message: 'Unknown marketplace', code: 'not_found' }]);
  }
  // a product set's supplier is one of the tenant's own (another tenant's id is as unknown as a made-up one)
  if (r.scope.type === 'products' && r.scope.supplier_id !== undefined) {
    const { rows } = await tx.query('select 1 from suppliers where tenant_id = $1 and id = $2', [tenantId, r.scope.supplier_id]);
    if (!rows.length) throw new HttpError(400, 'validation_failed', 'Unknown supplier', [{ field: 'scope.supplier_id', message: 'Unknown supplier', code: 'not_found' }]);
  }
  if (r.scope.type === 'listings') {
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from listings where tenant_id = $1 and id = any($2::uuid[])', [tenantId, r.scope.listing_ids]);
    if (Number(rows[0].n) !== new Set(r.scope.listing_ids).size) {
      throw new HttpError(400, 'validation_failed', 'Some listings do not exist', [{ field: 'scope.listing_ids', message: 'Some listings do not exist', code: 'not_found' }]);
    }
  }
}

/** How many active listings each rule governs now. */
async function governed(tx: Tx, tenantId: string, rules: RuleRow[]): Promise<Map<string, number>> {
  const listings = await loadInputs(tx, tenantId, {});
  const ranked = rankRules(rules.filter((r) => r.enabled));
  const counts = new Map<string, number>();
  for (const l of listings) {
    const r = ruleFor(ranked, l);
    if (r) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
  }
  return counts;
}

async function getRule(tx: Tx, tenantId: string, id: string): Promise<RuleRow> {
  const { rows } = await tx.query(`select ${RULE_COLUMNS} from pricing_rules where tenant_id = $1 and id = $2`, [tenantId, id]);
  if (!rows[0]) throw notFound('Pricing rule');
  return mapRule(rows[0]);
}

async function ruleAnswer(tx: Tx, tenantId: string, id: string) {
  const rule = await getRule(tx, tenantId, id);
  const counts = await governed(tx, tenantId, await loadRules(tx, tenantId));
  return { ...rule, listings_count: counts.get(id) ?? 0 };
}

const actorOf = (ctx: Ctx<unknown, unknown, unknown>) => ctx.auth.email ?? ctx.auth.userId;

const pricing: ApiModule = (api) => {
  let stopSweep: (() => void) | null = null;
  api.app.addHook('onReady', async () => {
    stopSweep = startSweep(api.services.db, sweepMs(), (e) => api.app.log.error({ err: e }, 'repricing sweep'));
  });
  api.app.addHook('onClose', async () => stopSweep?.());

  api.route({
    method: 'GET',
    url: '/pricing/rules',
    access: pricingPermissions.pricing_rules.read,
    answer: listAnswer(pricingRule),
    query: ruleListQuery,
    async handler({ tx, auth, query }) {
      const all = await loadRules(tx, auth.tenantId, false);
      const counts = await governed(tx, auth.tenantId, all);
      const dir = query.order === 'desc' ? -1 : 1;
      const sorted = all
        .filter((r) => !query.search || r.name.toLowerCase().includes(query.search.toLowerCase()))
        .sort((a, b) => (a[query.sort] < b[query.sort] ? -dir : a[query.sort] > b[query.sort] ? dir : a.id < b.id ? -1 : 1));
      const page = sorted.slice(query.offset, query.offset + query.limit).map((r) => ({ ...r, listings_count: counts.get(r.id) ?? 0 }));
      return list(page, sorted.length, query.limit, query.offset);
    },
  });

  // what a new rule starts from, for the rule form: every role that reads rules (sellers create them too)
  api.route({
    method: 'GET',
    url: '/pricing/rules/defaults',
    access: pricingPermissions.pricing_rules.read,
    answer: oneAnswer(repricingDefaults),
    handler: async ({ tx, auth }) => one(await readRepricingDefaults(tx, auth.tenantId)),
  });

  // the repricing defaults' section of /settings (docs/settings.md "Repricing defaults")
  api.route({
    method: 'GET',
    url: '/settings/repricing',
    access: 'read:settings',
    answer: oneAnswer(repricingDefaults),
    handler: async ({ tx, auth }) => one(await readRepricingDefaults(tx, auth.tenantId)),
  });

  api.route({
    method: 'PUT',
    url: '/settings/repricing',
    access: 'write:settings',
    // the stored row is locked by the read; a first save is a conditional upsert
    lock: false,
    body: repricingDefaultsBody,
    answer: oneAnswer(repricingDefaults),
    async handler({ tx, auth, body, audit, emit }) {
      checkMargin(body.min_margin_bp);
      const before = defaultValues(await readRepricingDefaults(tx, auth.tenantId, true));
      const fields = changedDefaults(before, body);
      const saved = fields.length ? await writeRepricingDefaults(tx, auth.tenantId, body, auth.email ?? auth.userId) : null;
      if (!saved) return one(await readRepricingDefaults(tx, auth.tenantId));
      const pick = (v: typeof body) => Object.fromEntries(fields.map((f) => [f, v[f]]));
      await audit({ action: 'repricing_defaults.update', resource: 'repricing_defaults', resourceId: auth.tenantId, before: pick(before), after: pick(body) });
      await emit(SETTINGS_EVENTS.repricingUpdated, { fields });
      return one(saved);
    },
  });

  api.route({
    method: 'GET',
    url: '/pricing/rules/:id',
    access: pricingPermissions.pricing_rules.read,
    answer: oneAnswer(pricingRule),
    params: ruleParams,
    async handler({ tx, auth, params }) {
      return one(await ruleAnswer(tx, auth.tenantId, params.id));
    },
  });

  api.route({
    method: 'POST',
    url: '/pricing/rules',
    access: 'write:products',
    body: ruleCreateBody,
    async handler(ctx) {
      // a field left out takes the tenant's repricing defaults (docs/settings.md "Repricing defaults")
      const rule = withRuleDefaults(ctx.body, defaultValues(await readRepricingDefaults(ctx.tx, ctx.auth.tenantId)));
      await checkRule(ctx.tx, ctx.auth.tenantId, rule);
      const { rows } = await ctx.tx.query<{ id: string }>(
        `insert into pricing_rules (tenant_id, ${RULE_INSERT_COLUMNS}) values ($1, ${ruleValues(rule).map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
        [ctx.auth.tenantId, ...ruleValues(rule)],
      );
      const after = await ruleAnswer(ctx.tx, ctx.auth.tenantId, rows[0].id);
      await ctx.audit({ action: 'pricing_rule.create', resource: 'pricing_rule', resourceId: after.id, after });
      await ctx.emit(PRICING_EVENTS.ruleChanged, { id: after.id, action: 'created', scopes: [after.scope] });
      ctx.status(201);
      return one(after);
    },
  });

  api.route({
    method: 'PUT',
    url: '/pricing/rules/:id',
    lock: { table: 'pricing_rules', what: 'Pricing rule' },
    access: 'write:products',
    params: ruleParams,
    body: ruleUpdate,
    async handler(ctx) {
      const before = await getRule(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      const merged = ruleCreate.parse({ ...before, ...Object.fromEntries(Object.entries(ctx.body).filter(([, v]) => v !== undefined)) });
      await checkRule(ctx.tx, ctx.auth.tenantId, merged);
      const values = ruleValues(merged);
      await ctx.tx.query(
        `update pricing_rules set (${RULE_INSERT_COLUMNS}, updated_at) = (${values.map((_, i) => `$${i + 3}`).join(', ')}, clock_timestamp())
          where tenant_id = $1 and id = $2`,
        [ctx.auth.tenantId, ctx.params.id, ...values],
      );
      const after = await ruleAnswer(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await ctx.audit({ action: 'pricing_rule.update', resource: 'pricing_rule', resourceId: after.id, before, after });
      await ctx.emit(PRICING_EVENTS.ruleChanged, { id: after.id, action: 'updated', scopes: [before.scope, after.scope] });
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/pricing/rules/:id',
    lock: { table: 'pricing_rules', what: 'Pricing rule' },
    access: 'write:products',
    params: ruleParams,
    async handler(ctx) {
      const before = await getRule(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      await ctx.tx.query('delete from pricing_rules where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      // pending proposals of the rule no longer have a rule behind them
      await ctx.tx.query(`update price_proposals set status = 'expired', decided_at = now() where tenant_id = $1 and rule_id is null and status = 'pending'`, [ctx.auth.tenantId]);
      await ctx.audit({ action: 'pricing_rule.delete', resource: 'pricing_rule', resourceId: before.id, before });
      await ctx.emit(PRICING_EVENTS.ruleChanged, { id: before.id, action: 'deleted', scopes: [before.scope] });
      return one({ id: before.id, deleted: true });
    },
  });

  // the rule editor's live preview: the same engine over today's offers, writing nothing
  api.route({
    method: 'POST',
    url: '/pricing/rules/preview',
    access: pricingPermissions.pricing_rules.write,
    body: rulePreview,
    async handler(ctx) {
      const { tx, auth, body } = ctx;
      await checkRule(tx, auth.tenantId, body.rule);
      const draft: RuleRow = { ...body.rule, id: body.rule_id ?? '00000000-0000-0000-0000-000000000000', created_at: new Date().toISOString(), updated_at: '9999-12-31T00:00:00.000Z' };
      const others = (await loadRules(tx, auth.tenantId)).filter((r) => r.id !== draft.id);
      const listings = await loadInputs(tx, auth.tenantId, {});
      const own = await ownSellers(tx, auth.tenantId);
      const evals = evaluate(listings, [...others, draft], own, new Date()).filter((e) => e.rule === draft);
      const s = summarise(evals);
      return one({
        ...s,
        summary: summarySentence(s),
        samples: evals.slice(0, 20).map((e) => ({ listing_id: e.listing.id, sku: e.listing.sku, old_price_cents: e.decision.old_price_cents, new_price_cents: e.decision.new_price_cents, reason: e.decision.reason })),
      });
    },
  });

  api.route({
    method: 'POST',
    url: '/pricing/propose',
    access: 'write:products',
    body: proposeBody,
    async handler(ctx) {
      const b = ctx.body;
      const evals = await evaluateSelection(ctx.tx, ctx.auth.tenantId, { listingIds: b.listing_ids, marketplaceId: b.marketplace_id });
      const r = await record(ctx.tx, ctx.auth.tenantId, evals, { trigger: 'propose', actor: actorOf(ctx), emit: ctx.emit, mode: 'proposals' });
      const s = summarise(evals);
      const proposals = [];
      for (const id of r.proposals.slice(0, 500)) proposals.push(await getProposal(ctx.tx, ctx.auth.tenantId, id));
      await ctx.audit({ action: 'price_proposal.propose', resource: 'price_proposal', after: { evaluated: evals.length, proposals: r.proposals.length } });
      return one({
        evaluated: evals.length,
        proposals_created: r.proposals.length,
        down: s.down,
        up: s.up,
        unchanged: s.unchanged,
        at_floor: s.at_floor,
        proposals: proposals.map((p) => ({ ...p!, inputs_hash: undefined })),
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/pricing/proposals',
    access: pricingPermissions.price_proposals.read,
    answer: listAnswer(priceProposal),
    query: proposalListQuery,
    async handler({ tx, auth, query }) {
      const r = await listProposals(tx, auth.tenantId, query);
      return list(r.rows, r.total, query.limit, query.offset);
    },
  });

  // up to BULK_PROPOSALS_IN_REQUEST distinct proposals: decided set-based in slices (short
  // transactions), so other requests get the engine between them (server/api/sliced.ts), one audit row
  // for the command; more (up to 10,000): answered 202 with a job the pricing-bulk consumer runs
  // (./bulk-jobs.ts), GET /pricing/proposals/bulk/{id} until done
  api.route({
    method: 'POST',
    url: '/pricing/proposals/bulk',
    access: 'write:products',
    body: proposalBulk,
    noTransaction: true,
    async handler(ctx) {
      const b = ctx.body;
      const tenantId = ctx.auth.tenantId;
      const actor = actorOf(ctx);
      return slicedCommand(api.services.db, ctx, async (s) => {
        const ids = b.ids ?? (await pendingIds(s.reader, tenantId, b.filter ?? {}));
        const distinct = [...new Set(ids)];
        if (distinct.length > BULK_PROPOSALS_IN_REQUEST) {
          const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
          const job = await s.slice((tx, emit) =>
            createBulkJob(tx, emit, { tenantId, action: b.action, ids: distinct, duplicates, userId: ctx.auth.userId, email: ctx.auth.email, correlationId: ctx.req.correlationId }),
          );
          s.respond(202);
          return { job };
        }
        const outcome = new Map<string, BulkItem>();
        await s.each(distinct, async (tx, emit, part) => {
          for (const [id, r] of await decideMany(tx, tenantId, part, b.action, { actor, emit })) outcome.set(id, r);
        });
        // an id given twice is decided once; its second mention finds it decided
        const seen = new Set<string>();
        const results = ids.map((id): BulkItem => {
          const r = outcome.get(id)!;
          if (!seen.has(id)) {
            seen.add(id);
            return r;
          }
          if (r.ok) return { id, ok: false, error: { code: 'proposal_decided', message: `This proposal is already ${b.action === 'approve' ? 'applied' : 'rejected'}` } };
          return r.error?.code === 'proposal_expired' ? { id, ok: false, error: { code: 'proposal_decided', message: 'This proposal is already expired' } } : r;
        });
        const ok = results.filter((r) => r.ok).map((r) => r.id);
        s.audit({ action: `price_proposal.bulk_${b.action}`, resource: 'price_proposal', after: { ids: ok } });
        return { action: b.action, succeeded: ok.length, failed: results.length - ok.length, results };
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/pricing/proposals/bulk/:id',
    access: pricingPermissions.price_proposals.read,
    params: bulkJobParams,
    answer: oneAnswer(proposalBulkJob),
    async handler({ tx, auth, params }) {
      const job = await getBulkJob(tx, auth.tenantId, params.id);
      if (!job) throw notFound('Bulk job');
      return one(job);
    },
  });

  for (const action of ['approve', 'reject'] as const) {
    api.route({
      method: 'POST',
      url: `/pricing/proposals/:id/${action}`,
      lock: { table: 'price_proposals', what: 'Proposal' },
      access: 'write:products',
      params: proposalParams,
      body: proposalApprove,
      async handler(ctx) {
        const p = await decideProposal(ctx.tx, ctx.auth.tenantId, ctx.params.id, action, { actor: actorOf(ctx), emit: ctx.emit, priceCents: action === 'approve' ? ctx.body.price_cents : undefined });
        await ctx.audit({ action: `price_proposal.${action}`, resource: 'price_proposal', resourceId: p.id, after: { status: p.status, new_price_cents: p.new_price_cents } });
        // an expired proposal is a committed outcome (its status changed), answered as a conflict
        if (p.status === 'expired') {
          ctx.status(409);
          return { message: PROPOSAL_EXPIRED, code: 'proposal_expired', details: null, data: p };
        }
        return one(p);
      },
    });
  }

  api.route({
    method: 'GET',
    url: '/listings/:id/price-history',
    access: listingsPermissions.listings.read,
    answer: oneAnswer(z.array(priceDecision)),
    params: listingParams,
    query: priceHistoryQuery,
    async handler({ tx, auth, params, query }) {
      const l = await tx.query('select 1 from listings where tenant_id = $1 and id = $2', [auth.tenantId, params.id]);
      if (!l.rows.length) throw notFound('Listing');
      const { rows } = await tx.query<Record<string, unknown>>(
        `select id, listing_id, rule_id, old_price_cents, new_price_cents, strategy, scenario, floor_cents, ceiling_cents, competitor_prices,
                buy_box_owner, flags, reason, applied, trigger, created_at
           from price_decisions where tenant_id = $1 and listing_id = $2 order by created_at desc, id desc limit $3`,
        [auth.tenantId, params.id, query.limit],
      );
      return one(rows.map((r): PriceDecision => ({
        id: String(r.id),
        listing_id: String(r.listing_id),
        rule_id: (r.rule_id as string | null) ?? null,
        strategy: r.strategy as PriceDecision['strategy'],
        scenario: r.scenario as PriceDecision['scenario'],
        competitor_prices: r.competitor_prices as PriceDecision['competitor_prices'],
        buy_box_owner: (r.buy_box_owner as string | null) ?? null,
        flags: r.flags as PriceDecision['flags'],
        reason: String(r.reason),
        applied: Boolean(r.applied),
        trigger: String(r.trigger),
        old_price_cents: Number(r.old_price_cents),
        new_price_cents: r.new_price_cents == null ? null : Number(r.new_price_cents),
        floor_cents: Number(r.floor_cents),
        ceiling_cents: r.ceiling_cents == null ? null : Number(r.ceiling_cents),
        created_at: new Date(r.created_at as string).toISOString(),
      })));
    },
  });

  api.route({
    method: 'GET',
    url: '/pricing/agent',
    access: pricingPermissions.pricing_rules.read,
    answer: oneAnswer(pricingAgent),
    async handler({ tx, auth }) {
      return one(await computeAgent(tx, auth.tenantId));
    },
  });
};

export default defineModule({ name: 'pricing', routes: pricing, consumers: [repricerConsumer, pricingAgentConsumer, bulkJobConsumer], live: pricingLive });
