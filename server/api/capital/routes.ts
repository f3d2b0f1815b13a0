/**
 * Capital API (docs/capital.md): the snapshot, eligibility and offers, and working-capital advances
 * from request to repayment. Reading is `read:capital` (every role); requesting and paying off is
 * `capital:request` (seller and admin), deciding is `capital:approve` (admin). Requests, decisions
 * and payoffs are refused with 409 while the server's switch is off (FEATURE_CAPITAL_FINANCE,
 * docs/capital.md "The switch"); the snapshot and eligibility answer either way.
 */
import { defineModule, type Api, type ApiModule } from '../module';
import { list, one, type Ctx } from '../kit';
import { HttpError, notFound, type FieldError } from '../errors';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { PLATFORM_RESOURCE_PERMISSIONS } from '../../../contract/permissions';
import {
  ADVANCE_STATUS_LABEL, CAPITAL_FINANCE_OFF_CODE, CAPITAL_FINANCE_OFF_MESSAGE, OFFER_KIND_LABEL, advanceIdParams, advanceReject, advanceRequest, advanceRow,
  advancesQuery, capitalLive, capitalSnapshot, capitalSummary, eligibilityAnswer, type AdvanceRow,
} from '../../../contract/capital';
import { DEFAULT_CURRENCY, formatCents } from '../../../contract/money';
import { PAYOUT_CADENCE_DAYS } from '../../../contract/payout-cadence';
import { MARKETPLACES } from '../../../contract/orders';
import { cashoutEstimate, dayNumber } from '../../domain/capital/cashout';
import { evaluate, maxPrincipal, price } from '../../domain/capital/offers';
import { disbursedEntries } from '../../domain/capital/entries';
import { payoffOf } from '../../domain/capital/repayment';
import { CAPITAL_RULES } from '../../../contract/capital';
import { writeEntries } from '../../ledger/poster';
import { balances, cashflow, lastPayouts, openOrderCount, openOrders } from './books';
import { readBasis } from './basis';
import { ADVANCE_COLUMNS, factsOf, getAdvance, mapAdvance, repay } from './advances';
import { capitalHoldbackConsumer } from './holdback';

const P = PLATFORM_RESOURCE_PERMISSIONS.advances;
const READ = P.read!;
const REQUEST = P.create!;
const APPROVE = P.approve!;
const lock = { table: 'capital_advances', what: 'Advance' } as const;

const refused = (field: string, message: string, code = 'invalid_value') =>
  new HttpError(400, 'validation_failed', `Invalid request body: ${field}: ${message}`, [{ field, message, code } satisfies FieldError]);

const capital: ApiModule = (api: Api) => {
  const financeOn = () => api.services.config.capitalFinance;
  const requireFinance = () => {
    if (!financeOn()) throw new HttpError(409, CAPITAL_FINANCE_OFF_CODE, CAPITAL_FINANCE_OFF_MESSAGE);
  };

  api.route({
    method: 'GET',
    url: '/capital',
    access: READ,
    answer: oneAnswer(capitalSnapshot),
    async handler({ tx, auth }) {
      const t = auth.tenantId;
      const now = new Date();
      const [b, flow, last, open] = [await balances(tx, t), await cashflow(tx, t, now), await lastPayouts(tx, t), await openOrders(tx, t)];
      const est = cashoutEstimate(open, last, dayNumber(now.getTime()));
      return one({
        capital_committed: open.reduce((s, g) => s + g.committedCents, 0),
        orders_open_count: open.reduce((s, g) => s + g.count, 0),
        est_days_to_cashout: est.days,
        cash_in_transit: b.receivables + b.holdback,
        advances_outstanding: 0 - b.advancePrincipal,
        currency: DEFAULT_CURRENCY,
        financing_enabled: financeOn(),
        cashflow: flow,
        by_marketplace: MARKETPLACES.map((m) => {
          const e = est.byMarketplace.get(m);
          return { marketplace: m, orders_open_count: e?.count ?? 0, open_sales_cents: e?.salesCents ?? 0, cadence_days: PAYOUT_CADENCE_DAYS[m], est_days_to_cashout: e?.days ?? null };
        }),
      });
    },
  });

  api.route({
    method: 'GET',
    url: '/capital/summary',
    access: READ,
    answer: oneAnswer(capitalSummary),
    // the dashboard's card: the advances' balance and the open orders' count, not the whole snapshot
    // (its cashflow and each open order's costs; docs/capital.md "Dashboard")
    async handler({ tx, auth }) {
      const [b, n] = [await balances(tx, auth.tenantId), await openOrderCount(tx, auth.tenantId)];
      return one({ advances_outstanding: 0 - b.advancePrincipal, orders_open_count: n, currency: DEFAULT_CURRENCY });
    },
  });

  api.route({
    method: 'POST',
    url: '/capital/eligibility/evaluate',
    access: READ,
    answer: oneAnswer(eligibilityAnswer),
    // reads only: nothing to lock, audit or emit
    async handler({ tx, auth }) {
      const basis = await readBasis(tx, auth.tenantId);
      const e = evaluate(basis);
      const reasons = financeOn() ? e.reasons : [...e.reasons, { code: 'financing_off' as const, effect: 'info' as const, message: CAPITAL_FINANCE_OFF_MESSAGE }];
      return one({ ...e, reasons, basis, financing_enabled: financeOn() });
    },
  });

  api.route({
    method: 'GET',
    url: '/capital/advances',
    access: READ,
    answer: listAnswer(advanceRow),
    query: advancesQuery,
    async handler({ tx, auth, query }) {
      const where = ['a.tenant_id = $1'];
      const params: unknown[] = [auth.tenantId];
      if (query.status) { params.push(query.status); where.push(`a.status = $${params.length}`); }
      if (query.order_id) { params.push(query.order_id); where.push(`a.order_id = upper($${params.length})`); }
      if (query.search) { params.push(`%${query.search}%`); where.push(`(a.number ilike $${params.length} or a.order_id ilike $${params.length})`); }
      params.push(query.limit, query.offset);
      const { rows } = await tx.query<Record<string, unknown>>(
        `select ${ADVANCE_COLUMNS}, count(*) over () as _total from capital_advances a where ${where.join(' and ')}
          order by a.${query.sort} ${query.order === 'asc' ? 'asc' : 'desc'}, a.id limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return list(rows.map(mapAdvance), rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/capital/advances/:id',
    access: READ,
    answer: oneAnswer(advanceRow),
    params: advanceIdParams,
    async handler({ tx, auth, params }) {
      const a = await getAdvance(tx, auth.tenantId, params.id);
      if (!a) throw notFound('Advance');
      return one(a);
    },
  });

  api.route({
    method: 'POST',
    url: '/capital/advances/request',
    access: REQUEST,
    body: advanceRequest,
    answer: oneAnswer(advanceRow),
    async handler(ctx) {
      requireFinance();
      const { tx, auth, body } = ctx;
      const t = auth.tenantId;
      // one request of a tenant at a time: the second reads the first's advance and is refused as outstanding
      await tx.query(`select pg_advisory_xact_lock(hashtext('capital:' || $1::text))`, [t]);
      const basis = await readBasis(tx, t);
      const e = evaluate(basis);
      const deny = e.reasons.filter((r) => r.effect === 'deny');
      if (deny.length) throw new HttpError(409, 'not_eligible', `Not eligible for an advance: ${deny.map((r) => r.message).join(' ')}`, { reasons: e.reasons });
      const offer = e.offers.find((o) => o.kind === body.kind && (body.kind !== 'fixed_fee' || o.term_months === body.term_months));
      if (!offer) throw refused('kind', `No ${OFFER_KIND_LABEL[body.kind].toLowerCase()} is offered right now: ${e.reasons.map((r) => r.message).join(' ') || 'its amount is below the minimum.'}`);
      if (body.principal_cents > offer.max_principal_cents)
        throw refused('principal_cents', `At most ${formatCents(offer.max_principal_cents)} is offered`, 'too_big');
      if (body.principal_cents < CAPITAL_RULES.minPrincipalCents)
        throw refused('principal_cents', `At least ${formatCents(CAPITAL_RULES.minPrincipalCents)}`, 'too_small');
      let orderId: string | null = null;
      if (body.order_id) {
        const { rows } = await tx.query<{ id: string }>('select id from orders where tenant_id = $1 and id = upper($2)', [t, body.order_id]);
        if (!rows[0]) throw refused('order_id', 'No such order');
        orderId = rows[0].id;
      }
      const p = price(body.kind, body.principal_cents, basis, body.term_months);
      const { rows: [n] } = await tx.query<{ n: string | number }>('select count(*) as n from capital_advances where tenant_id = $1', [t]);
      const { rows: [row] } = await tx.query<Record<string, unknown>>(
        `insert into capital_advances (tenant_id, number, offer_kind, principal_cents, fee_cents, holdback_bp, term_months, terms, currency, order_id,
                                       requested_by, requested_by_email, reasons)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         returning *, 0 as repaid_cents`,
        [
          t, `ADV-${1001 + Number(n.n)}`, body.kind, body.principal_cents, p.fee_cents, p.holdback_bp, p.term_months,
          JSON.stringify({ factor: p.factor, fee_rate_bp: p.fee_rate_bp, est_repayment_days: p.est_repayment_days, max_principal_cents: maxPrincipal(body.kind, basis), offer: offer.id, risk: basis.risk }),
          DEFAULT_CURRENCY, orderId, auth.userId, auth.email, JSON.stringify(offer.reasons),
        ],
      );
      const a = mapAdvance(row);
      await ctx.audit({ action: 'advance.request', resource: 'advance', resourceId: a.id, after: { number: a.number, offer_kind: a.offer_kind, principal_cents: a.principal_cents, fee_cents: a.fee_cents, holdback_bp: a.holdback_bp } });
      await ctx.emit('capital.advance_requested', { id: a.id, number: a.number, offer_kind: a.offer_kind, principal_cents: a.principal_cents, fee_cents: a.fee_cents, order_id: a.order_id });
      ctx.status(201);
      return one(a);
    },
  });

  /** A decision on a requested advance (locked by the kit): a second decision finds it decided and is refused. */
  async function decided(ctx: Ctx<{ id: string }, unknown, unknown>, action: 'approve' | 'reject'): Promise<AdvanceRow> {
    requireFinance();
    const a = await getAdvance(ctx.tx, ctx.auth.tenantId, ctx.params.id);
    if (!a) throw notFound('Advance');
    if (a.status !== 'requested')
      throw new HttpError(409, 'invalid_transition', `Advance ${a.number} is ${ADVANCE_STATUS_LABEL[a.status].toLowerCase()}: only a requested advance can be ${action === 'approve' ? 'approved' : 'rejected'}`, { from: a.status, action });
    return a;
  }

  api.route({
    method: 'POST',
    url: '/capital/advances/:id/approve',
    access: APPROVE,
    params: advanceIdParams,
    answer: oneAnswer(advanceRow),
    lock,
    async handler(ctx) {
      const a = await decided(ctx, 'approve');
      const t = ctx.auth.tenantId;
      // approved and disbursed in one transaction: the money is in cash and owed when the decision commits
      await ctx.tx.query(
        `update capital_advances set status = 'disbursed', decided_by = $3, decided_by_email = $4, decided_at = now(), disbursed_at = now(), updated_at = now()
          where tenant_id = $1 and id = $2`,
        [t, a.id, ctx.auth.userId, ctx.auth.email],
      );
      await writeEntries(ctx.tx, t, disbursedEntries(factsOf(a)));
      const after = (await getAdvance(ctx.tx, t, a.id))!;
      await ctx.audit({ action: 'advance.approve', resource: 'advance', resourceId: a.id, before: { status: a.status }, after: { status: after.status, principal_cents: a.principal_cents, fee_cents: a.fee_cents } });
      const ev = { id: a.id, number: a.number, offer_kind: a.offer_kind, principal_cents: a.principal_cents, fee_cents: a.fee_cents };
      await ctx.emit('capital.advance_decided', { ...ev, decision: 'approved', reason: null });
      await ctx.emit('capital.advance_disbursed', ev);
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/capital/advances/:id/reject',
    access: APPROVE,
    params: advanceIdParams,
    body: advanceReject,
    answer: oneAnswer(advanceRow),
    lock,
    async handler(ctx) {
      const a = await decided(ctx, 'reject');
      const t = ctx.auth.tenantId;
      await ctx.tx.query(
        `update capital_advances set status = 'rejected', decided_by = $3, decided_by_email = $4, decided_at = now(), reject_reason = $5, updated_at = now()
          where tenant_id = $1 and id = $2`,
        [t, a.id, ctx.auth.userId, ctx.auth.email, ctx.body.reason],
      );
      const after = (await getAdvance(ctx.tx, t, a.id))!;
      await ctx.audit({ action: 'advance.reject', resource: 'advance', resourceId: a.id, before: { status: a.status }, after: { status: 'rejected', reason: ctx.body.reason } });
      await ctx.emit('capital.advance_decided', { id: a.id, number: a.number, offer_kind: a.offer_kind, principal_cents: a.principal_cents, fee_cents: a.fee_cents, decision: 'rejected', reason: ctx.body.reason });
      return one(after);
    },
  });

  api.route({
    method: 'POST',
    url: '/capital/advances/:id/payoff',
    access: REQUEST,
    params: advanceIdParams,
    answer: oneAnswer(advanceRow),
    lock,
    async handler(ctx) {
      requireFinance();
      const t = ctx.auth.tenantId;
      const a = await getAdvance(ctx.tx, t, ctx.params.id);
      if (!a) throw notFound('Advance');
      if (a.status !== 'disbursed' && a.status !== 'repaying')
        throw new HttpError(409, 'invalid_transition', `Advance ${a.number} is ${ADVANCE_STATUS_LABEL[a.status].toLowerCase()}: only a disbursed advance being repaid can be paid off`, { from: a.status, action: 'payoff' });
      const after = await repay(ctx.tx, { tenantId: t, userId: ctx.auth.userId, email: ctx.auth.email, correlationId: ctx.req.correlationId }, a, payoffOf(a.outstanding_cents), { kind: 'payoff' });
      return one(after ? (await getAdvance(ctx.tx, t, a.id))! : a);
    },
  });
};

export default defineModule({ name: 'capital', routes: capital, consumers: [capitalHoldbackConsumer], live: capitalLive });
