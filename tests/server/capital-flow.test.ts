/**
 * Capital over HTTP on a real database (docs/capital.md): the snapshot from the books, eligibility
 * from the tenant's data, an advance requested → approved (disbursed) → repaid by holdback of later
 * payouts → repaid, with every account it moves asserted and the repayment rows equal to the
 * books; early payoff; the switch off refuses with its message; roles; tenants; two approvals at
 * once take effect once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './harness';
import { callAs, DEMO_TENANT, NORTHWIND_TENANT } from './tokens';
import { fastEventSettings } from './events-support';
import { waitFor } from './wait-for';
import { consumersSettled } from './consumers-settled';
import { appendEvent } from '../../server/events/outbox';
import { advanceRow, capitalSnapshot, capitalSummary, eligibilityAnswer, CAPITAL_FINANCE_OFF_MESSAGE, type AdvanceRow } from '../../contract/capital';
import { pctOfFloor } from '../../contract/money';

let h: Harness;
const call = (email: string, method: string, path: string, body?: unknown) => callAs(h, email, method, path, body);
const ADMIN = 'admin@demo.local';
const AGENT = 'agent@demo.local';
const SELLER = 'seller@demo.local';
const NW = 'owner@northwind.local';
let account: string;

beforeAll(async () => {
  fastEventSettings();
  h = await startServer({ capitalFinance: true });
  account = (await call(ADMIN, 'POST', '/api/marketplaces', { kind: 'amazon', name: 'Capital Amazon', sandbox_order_rate: 0 })).body.data.id as string;
}, 120_000);
afterAll(async () => h?.close());

async function balances(email = SELLER): Promise<Record<string, number>> {
  const r = await call(email, 'GET', '/api/ledger/accounts');
  expect(r.status).toBe(200);
  return Object.fromEntries((r.body.data as { code: string; balance_cents: number }[]).map((a) => [a.code, a.balance_cents]));
}

/** What moved between two sets of balances: the accounts whose balance changed, by how much; all sum to zero. */
function moved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[k] ?? 0) - (before[k] ?? 0);
    if (d !== 0) out[k] = d;
  }
  expect(Object.values(out).reduce((a, b) => a + b, 0)).toBe(0);
  return out;
}

/**
 * A payout is read by every consumer of marketplaces.settlement_created (the reconciler too): on
 * PGlite's one connection the holdback waits its turn, so the tests that pay out get more time.
 */
const SLOW = 120_000;

let payoutN = 0;
/** A payout of `net` arrives for the test's Amazon account (its row and its event, as a sync writes them). */
async function payout(net: number): Promise<string> {
  const ext = `CAP-PAYOUT-${++payoutN}`;
  await h.db.transaction(async (tx) => {
    await tx.query(
      `insert into marketplace_settlements (tenant_id, marketplace_id, external_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents)
       values ($1, $2, $3, now() - interval '1 day', now() - interval '1 day', 1, $4, 0, $4)`,
      [DEMO_TENANT.id, account, ext, net],
    );
    await appendEvent(tx, DEMO_TENANT.id, 'marketplaces.settlement_created', { marketplace_id: account, external_id: ext, net_cents: net });
  }, { tenantId: DEMO_TENANT.id });
  return ext;
}

async function advance(id: string, email = SELLER): Promise<AdvanceRow> {
  const r = await call(email, 'GET', `/api/capital/advances/${id}`);
  expect(r.status).toBe(200);
  return advanceRow.parse(r.body.data);
}

/** The repayment rows of an advance, summed, and its repayment entries in the books, summed: always equal. */
async function repaidBothWays(id: string): Promise<[number, number]> {
  return h.db.transaction(async (tx) => {
    const rows = await tx.query<{ s: string | null }>('select sum(amount_cents) as s from capital_repayments where advance_id = $1', [id]);
    const books = await tx.query<{ s: string | null }>(
      `select sum(p.amount_cents) as s from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.object_type = 'advance' and e.object_id = $1 and e.kind in ('advance_repayment', 'advance_payoff') and p.account = 'advance_principal'`,
      [id],
    );
    return [Number(rows.rows[0].s ?? 0), Number(books.rows[0].s ?? 0)] as [number, number];
  }, { tenantId: DEMO_TENANT.id });
}

async function offerFor(kind: string) {
  const r = await call(SELLER, 'POST', '/api/capital/eligibility/evaluate', {});
  expect(r.status).toBe(200);
  const e = eligibilityAnswer.parse(r.body.data);
  return { e, offer: e.offers.find((o) => o.kind === kind) };
}

describe('capital', () => {
  it('the snapshot answers the spec figures from the books, with 90 days of cashflow', async () => {
    const r = await call(AGENT, 'GET', '/api/capital');
    expect(r.status).toBe(200);
    const s = capitalSnapshot.parse(r.body.data);
    expect(r.body._meta.source).toBe('api');
    expect(s.cashflow).toHaveLength(90);
    expect(s.cashflow.every((d) => d.net === d.in - d.out)).toBe(true);
    expect(s.financing_enabled).toBe(true);
    // the seed's open orders (pending, routed, ordered from supplier) count; each has its supplier cost committed
    const open = await h.db.transaction(async (tx) => (await tx.query<{ n: string }>(`select count(*) as n from orders where status in ('pending', 'routed', 'ordered_from_supplier')`)).rows[0].n, { tenantId: DEMO_TENANT.id });
    expect(s.orders_open_count).toBeGreaterThanOrEqual(Number(open));
    expect(s.est_days_to_cashout === null || s.est_days_to_cashout >= 0).toBe(true);
    const b = await balances();
    expect(s.advances_outstanding).toBe(0 - (b.advance_principal ?? 0));
    // the dashboard card's summary: the same two figures, without the rest of the snapshot
    const sum = await call(SELLER, 'GET', '/api/capital/summary');
    expect(sum.status).toBe(200);
    expect(capitalSummary.strict().parse(sum.body.data)).toEqual({ advances_outstanding: s.advances_outstanding, orders_open_count: s.orders_open_count, currency: s.currency });
  });

  it('eligibility answers offers of the three shapes from the tenant data, each with terms and total cost', async () => {
    const { e, offer } = await offerFor('merchant_cash');
    expect(e.eligible).toBe(true);
    expect(e.basis.orders).toBeGreaterThanOrEqual(10);
    expect(offer).toBeDefined();
    expect(offer!.total_repay_cents).toBe(offer!.principal_cents + offer!.fee_cents);
    expect(offer!.factor).toBeGreaterThanOrEqual(1.1);
    expect(offer!.factor).toBeLessThanOrEqual(1.13);
    expect(e.offers.filter((o) => o.kind === 'fixed_fee').map((o) => o.term_months)).toEqual([4, 5, 6]);
  });

  it('request → approve (disbursed) → payouts with holdback → repaid, every account asserted', async () => {
    const { offer } = await offerFor('merchant_cash');
    const principal = Math.min(offer!.max_principal_cents, 50_000);
    const before = await balances();

    // an agent reads only; a seller may not approve
    expect((await call(AGENT, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: principal })).status).toBe(403);
    expect((await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: offer!.max_principal_cents + 100 })).status).toBe(400);
    const req = await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: principal });
    expect(req.status).toBe(201);
    const a = advanceRow.parse(req.body.data);
    expect(a.status).toBe('requested');
    expect(a.fee_cents).toBe(Math.round((principal * (offer!.fee_rate_bp)) / 10_000));
    // one open advance at a time
    const again = await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: principal });
    expect(again.status).toBe(409);
    expect((await offerFor('merchant_cash')).e.reasons.map((r) => r.code)).toContain('advance_outstanding');
    expect((await call(SELLER, 'POST', `/api/capital/advances/${a.id}/approve`)).status).toBe(403);
    expect((await call(AGENT, 'POST', `/api/capital/advances/${a.id}/approve`)).status).toBe(403);

    const ok = await call(ADMIN, 'POST', `/api/capital/advances/${a.id}/approve`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('disbursed');
    let b = await balances();
    // every account: the disbursement and the fee, nothing else
    expect(moved(before, b)).toEqual({ cash: principal, advance_principal: -(principal + a.fee_cents), advance_fees: a.fee_cents });
    expect((await call(SELLER, 'GET', '/api/capital')).body.data.advances_outstanding).toBe(0 - b.advance_principal);
    expect((await call(SELLER, 'GET', '/api/capital/summary')).body.data.advances_outstanding).toBe(0 - b.advance_principal);

    // payouts: each holds back its share until principal + fee are repaid
    const total = principal + a.fee_cents;
    // two payouts repay it: the first holds back its share, the second the rest
    const net = Math.ceil((total * 10_000) / a.holdback_bp / 2) + 1;
    let repaid = 0;
    for (let i = 0; i < 4; i++) {
      const prev = await balances();
      await payout(net);
      const expected = Math.min(total - repaid, pctOfFloor(net, a.holdback_bp));
      repaid += expected;
      const now = await waitFor(async () => { const x = await advance(a.id); return x.repaid_cents === repaid ? x : null; }, `advance repaid ${repaid}`, 60_000);
      b = await balances();
      // every account: the payout's net from the receivable into cash, the holdback from cash to the advance
      expect(moved(prev, b)).toEqual({ cash: net - expected, 'marketplace_receivable:amazon': -net, advance_principal: expected });
      expect(b.advance_principal - (before.advance_principal ?? 0)).toBe(0 - (total - repaid));
      expect(now.outstanding_cents).toBe(total - repaid);
      expect(await repaidBothWays(a.id)).toEqual([repaid, repaid]);
      if (repaid === total) break;
    }
    const done = await advance(a.id);
    expect(done.status).toBe('repaid');
    expect(done.repaid_at).not.toBeNull();
    expect(b.advance_principal).toBe(before.advance_principal ?? 0);
    // a later payout repays nothing, and a redelivered payout event holds back nothing twice
    const cashBefore = (await balances()).cash;
    await payout(10_000);
    await consumersSettled(h, ['capital-holdback'], DEMO_TENANT.id, 60_000);
    expect((await balances()).cash).toBe(cashBefore + 10_000);
    expect((await advance(a.id)).repaid_cents).toBe(total);
    // every step audited once
    const audit = await h.db.transaction(async (tx) => (await tx.query<{ action: string }>(`select action from audit_log where resource = 'advance' and resource_id = $1 order by id`, [a.id])).rows.map((r) => r.action), { tenantId: DEMO_TENANT.id });
    expect(audit[0]).toBe('advance.request');
    expect(audit[1]).toBe('advance.approve');
    expect(audit.filter((x) => x === 'advance.holdback')).toHaveLength(2);
    expect(audit).toHaveLength(4);
  }, SLOW);

  it('a redelivered payout event holds back once', async () => {
    const { offer } = await offerFor('merchant_cash');
    const a = advanceRow.parse((await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: Math.min(offer!.max_principal_cents, 20_000) })).body.data);
    expect((await call(ADMIN, 'POST', `/api/capital/advances/${a.id}/approve`)).status).toBe(200);
    const ext = await payout(10_000);
    await waitFor(async () => (await advance(a.id)).repaid_cents > 0, 'holdback', 60_000);
    await h.db.transaction((tx) => appendEvent(tx, DEMO_TENANT.id, 'marketplaces.settlement_created', { marketplace_id: account, external_id: ext, net_cents: 10_000 }), { tenantId: DEMO_TENANT.id });
    await consumersSettled(h, ['capital-holdback'], DEMO_TENANT.id, 60_000);
    const x = await advance(a.id);
    expect(x.repaid_cents).toBe(pctOfFloor(10_000, a.holdback_bp));
    expect(await repaidBothWays(a.id)).toEqual([x.repaid_cents, x.repaid_cents]);

    // early payoff: the rest at once; a second payoff is refused
    const before = await balances();
    const p = await call(SELLER, 'POST', `/api/capital/advances/${a.id}/payoff`);
    expect(p.status).toBe(200);
    expect(p.body.data.status).toBe('repaid');
    expect(moved(before, await balances())).toEqual({ cash: -x.outstanding_cents, advance_principal: x.outstanding_cents });
    expect((await call(SELLER, 'POST', `/api/capital/advances/${a.id}/payoff`)).status).toBe(409);
    expect(await repaidBothWays(a.id)).toEqual([x.total_cents, x.total_cents]);
  }, SLOW);

  it('reject: admin only, with a reason; the advances list filters by status and order and pages', async () => {
    const { offer } = await offerFor('fixed_fee');
    const order = (await call(SELLER, 'GET', '/api/orders?limit=1')).body.data[0].id as string;
    const r = await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'fixed_fee', term_months: 5, principal_cents: Math.min(offer!.max_principal_cents, 30_000), order_id: order.toLowerCase() });
    expect(r.status).toBe(201);
    expect(r.body.data.order_id).toBe(order);
    expect(r.body.data.term_months).toBe(5);
    expect((await call(ADMIN, 'POST', `/api/capital/advances/${r.body.data.id}/reject`, {})).status).toBe(400);
    const rej = await call(ADMIN, 'POST', `/api/capital/advances/${r.body.data.id}/reject`, { reason: 'Not now' });
    expect(rej.status).toBe(200);
    expect(rej.body.data.status).toBe('rejected');
    expect((await call(ADMIN, 'POST', `/api/capital/advances/${r.body.data.id}/approve`)).status).toBe(409);

    const rejected = await call(AGENT, 'GET', '/api/capital/advances?status=rejected');
    expect(rejected.body.data.map((x: AdvanceRow) => x.id)).toEqual([r.body.data.id]);
    expect((await call(AGENT, 'GET', `/api/capital/advances?order_id=${order}`)).body.data).toHaveLength(1);
    const page = await call(AGENT, 'GET', '/api/capital/advances?limit=1&sort=principal_cents&order=asc');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination.total).toBe(3);
    expect((await call(AGENT, 'GET', '/api/capital/advances?status=nope')).status).toBe(400);
  });

  it('tenants are kept apart', async () => {
    const mine = (await call(SELLER, 'GET', '/api/capital/advances')).body.data as AdvanceRow[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await call(NW, 'GET', '/api/capital/advances')).body.pagination.total).toBe(0);
    expect((await call(NW, 'GET', `/api/capital/advances/${mine[0].id}`)).status).toBe(404);
    expect((await call(NW, 'POST', `/api/capital/advances/${mine[0].id}/approve`)).status).toBe(404);
    expect((await call(NW, 'GET', '/api/capital')).body.data.advances_outstanding).toBe(0);
    void NORTHWIND_TENANT;
  });

  it('two approvals at once: one disburses, the other is refused; money moves once', async () => {
    const { offer } = await offerFor('merchant_cash');
    const a = advanceRow.parse((await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: Math.min(offer!.max_principal_cents, 15_000) })).body.data);
    const before = await balances();
    const rs = await Promise.all([1, 2, 3].map(() => call(ADMIN, 'POST', `/api/capital/advances/${a.id}/approve`)));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(moved(before, await balances())).toEqual({ cash: a.principal_cents, advance_principal: -a.total_cents, advance_fees: a.fee_cents });
    // two payoffs at once: one pays, the other is refused; the money leaves cash once
    const beforePayoff = await balances();
    const pays = await Promise.all([1, 2].map(() => call(SELLER, 'POST', `/api/capital/advances/${a.id}/payoff`)));
    expect(pays.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(moved(beforePayoff, await balances())).toEqual({ cash: -a.total_cents, advance_principal: a.total_cents });
    // two requests at once: one advance
    const reqs = await Promise.all([1, 2].map(() => call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: 10_000 })));
    expect(reqs.map((r) => r.status).sort()).toEqual([201, 409]);
    // two rejections at once: one decision, one audit row
    const open = reqs.find((r) => r.status === 201)!.body.data as AdvanceRow;
    const rejs = await Promise.all([1, 2].map(() => call(ADMIN, 'POST', `/api/capital/advances/${open.id}/reject`, { reason: 'Twice' })));
    expect(rejs.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await h.db.transaction(async (tx) => (await tx.query(`select 1 from audit_log where resource = 'advance' and resource_id = $1 and action = 'advance.reject'`, [open.id])).rows, { tenantId: DEMO_TENANT.id });
    expect(rows).toHaveLength(1);
  });

  it('with the switch off: request, approve and payoff are refused with how to turn it on; snapshot and eligibility answer', async () => {
    expect((await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: 10_000 })).status).toBe(201);
    h.config.capitalFinance = false;
    try {
      const r = await call(SELLER, 'POST', '/api/capital/advances/request', { kind: 'merchant_cash', principal_cents: 10_000 });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(CAPITAL_FINANCE_OFF_MESSAGE);
      expect(r.body.code).toBe('capital_finance_off');
      const open = ((await call(SELLER, 'GET', '/api/capital/advances?status=requested')).body.data as AdvanceRow[])[0];
      expect((await call(ADMIN, 'POST', `/api/capital/advances/${open.id}/approve`)).body.message).toBe(CAPITAL_FINANCE_OFF_MESSAGE);
      expect((await call(ADMIN, 'POST', `/api/capital/advances/${open.id}/reject`, { reason: 'x' })).status).toBe(409);
      const s = await call(SELLER, 'GET', '/api/capital');
      expect(s.status).toBe(200);
      expect(s.body.data.financing_enabled).toBe(false);
      const e = await call(SELLER, 'POST', '/api/capital/eligibility/evaluate', {});
      expect(e.status).toBe(200);
      expect(e.body.data.reasons.map((x: { code: string }) => x.code)).toContain('financing_off');
      expect((await call(SELLER, 'GET', '/api/me')).body.features).toEqual({ capitalFinance: false });
    } finally {
      h.config.capitalFinance = true;
    }
    expect((await call(SELLER, 'GET', '/api/me')).body.features).toEqual({ capitalFinance: true });
  });
});
