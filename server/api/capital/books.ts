/**
 * What capital reads from the books and the business tables (docs/capital.md "Snapshot"), each one
 * statement over an index, aggregated by the database: account balances, the 90-day cashflow, the
 * open orders by marketplace and ship day, the last payout of each marketplace.
 */
import type { Tx } from '../../db';
import { LEDGER_ACCOUNTS as A, receivableAccount } from '../../../contract/ledger';
import { MARKETPLACES, type Marketplace } from '../../../contract/orders';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import type { CashflowDay } from '../../../contract/capital';
import { dayNumber, type OpenSales } from '../../domain/capital/cashout';

export const RECEIVABLES = MARKETPLACES.map((m) => receivableAccount(m).code);

/** Balances (default currency) of the accounts capital reads: receivables, holdback, advance principal. */
export async function balances(tx: Tx, tenantId: string): Promise<{ receivables: number; holdback: number; advancePrincipal: number }> {
  const { rows } = await tx.query<{ account: string; balance: string | number }>(
    `select account, sum(amount_cents) as balance from ledger_postings
      where tenant_id = $1 and account = any($2::text[]) and currency = $3 group by account`,
    [tenantId, [...RECEIVABLES, A.holdback.code, A.advancePrincipal.code], DEFAULT_CURRENCY],
  );
  const of = (code: string) => Number(rows.find((r) => r.account === code)?.balance ?? 0);
  return {
    receivables: RECEIVABLES.reduce((s, c) => s + of(c), 0),
    holdback: of(A.holdback.code),
    advancePrincipal: of(A.advancePrincipal.code),
  };
}

export const CASHFLOW_DAYS = 90;

/**
 * The last 90 UTC days (today included), oldest first, every day present. In: money into cash
 * (payouts, advances disbursed). Out: supplier cost and postage as they are incurred (their payment
 * is not in the books yet) and repayments of advances (advance_principal debits). Fees and refunds
 * are inside the payouts' net already, so they are not counted twice (docs/capital.md "Cashflow").
 */
export async function cashflow(tx: Tx, tenantId: string, now = new Date()): Promise<CashflowDay[]> {
  const today = dayNumber(now.getTime());
  const from = new Date((today - CASHFLOW_DAYS + 1) * 86_400_000);
  const { rows } = await tx.query<{ day: string; in_cents: string | number; out_cents: string | number }>(
    `select to_char(p.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            sum(case when p.account = $3 and p.amount_cents > 0 then p.amount_cents else 0 end) as in_cents,
            sum(case when p.account = any($4::text[]) then p.amount_cents
                     when p.account = $5 and p.amount_cents > 0 then p.amount_cents else 0 end) as out_cents
       from ledger_postings p
      where p.tenant_id = $1 and p.account = any($6::text[]) and p.occurred_at >= $2 and p.currency = $7
      group by 1`,
    [tenantId, from.toISOString(), A.cash.code, [A.costOfGoods.code, A.shippingExpense.code], A.advancePrincipal.code,
      [A.cash.code, A.costOfGoods.code, A.shippingExpense.code, A.advancePrincipal.code], DEFAULT_CURRENCY],
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: CashflowDay[] = [];
  for (let d = today - CASHFLOW_DAYS + 1; d <= today; d++) {
    const date = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date);
    const i = Number(r?.in_cents ?? 0);
    const o = Number(r?.out_cents ?? 0);
    out.push({ date, in: i, out: o, net: i - o });
  }
  return out;
}

/** The last payout's period end of each marketplace, as a UTC day number. */
export async function lastPayouts(tx: Tx, tenantId: string): Promise<Map<Marketplace, number>> {
  const { rows } = await tx.query<{ kind: Marketplace; at: Date | string }>(
    `select a.kind, max(s.period_end) as at from marketplace_settlements s
       join marketplace_accounts a on a.tenant_id = s.tenant_id and a.id = s.marketplace_id
      where s.tenant_id = $1 group by a.kind`,
    [tenantId],
  );
  return new Map(rows.map((r) => [r.kind, dayNumber(new Date(r.at).getTime())]));
}

export interface OpenGroup extends OpenSales { committedCents: number }

/**
 * The open orders (not yet paid out) as `open(id, marketplace, day, total_cents)`, for a query that
 * follows; $1 the tenant, $2 the marketplaces. Open: not shipped yet (pending, routed, ordered from
 * supplier), or shipped (the sale in the books) after the last payout of its marketplace and not
 * returned or cancelled since.
 */
const OPEN_ORDERS = `with lp as (
       select a.kind, max(s.period_end) as at from marketplace_settlements s
         join marketplace_accounts a on a.tenant_id = s.tenant_id and a.id = s.marketplace_id
        where s.tenant_id = $1 group by a.kind
     ), shipped as (
       select distinct on (e.object_id) e.object_id as id, m.kind as marketplace,
              to_char(p.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day
         from unnest($2::text[]) as m(kind)
         left join lp on lp.kind = m.kind
         join ledger_postings p on p.tenant_id = $1 and p.account = 'marketplace_receivable:' || m.kind
                                and p.occurred_at > coalesce(lp.at, '-infinity'::timestamptz) and p.amount_cents > 0
         join ledger_entries e on e.tenant_id = $1 and e.id = p.entry_id and e.kind = 'sale' and e.object_type = 'order'
        order by e.object_id, p.occurred_at desc
     ), open as (
       select o.id, o.marketplace, null::text as day, o.total_cents from orders o
        where o.tenant_id = $1 and o.status in ('pending', 'routed', 'ordered_from_supplier')
       union all
       select o.id, o.marketplace, s.day, o.total_cents from shipped s
         join orders o on o.tenant_id = $1 and o.id = s.id and o.status in ('shipped', 'delivered', 'partially_returned')
     )`;

/**
 * The open orders (OPEN_ORDERS) grouped by marketplace and ship day, with their sales and the
 * supplier and label cost put into them. Each cost is a probe of the analytics indexes by (tenant, order).
 */
export async function openOrders(tx: Tx, tenantId: string): Promise<OpenGroup[]> {
  const { rows } = await tx.query<{ marketplace: Marketplace; day: string | null; n: string | number; sales: string | number; committed: string | number }>(
    `${OPEN_ORDERS}
     select x.marketplace, x.day, count(*) as n, sum(x.total_cents) as sales,
            sum(coalesce((select sum(po.total_cents) from purchase_orders po
                           where po.tenant_id = $1 and po.order_id = x.id and po.status not in ('rejected', 'cancelled')), 0)
              + coalesce((select sum(sh.rate_cents) from shipments sh
                           where sh.tenant_id = $1 and sh.order_id = x.id and sh.status <> 'voided'), 0)) as committed
       from open x group by x.marketplace, x.day`,
    [tenantId, [...MARKETPLACES]],
  );
  return rows.map((r) => ({
    marketplace: r.marketplace,
    shippedDay: r.day ? dayNumber(Date.parse(`${r.day}T00:00:00Z`)) : null,
    count: Number(r.n),
    salesCents: Number(r.sales ?? 0),
    committedCents: Number(r.committed ?? 0),
  }));
}

/** How many orders are open (as `openOrders` counts them), without their costs: the dashboard's card. */
export async function openOrderCount(tx: Tx, tenantId: string): Promise<number> {
  const { rows } = await tx.query<{ n: string | number }>(`${OPEN_ORDERS}\n     select count(*) as n from open`, [tenantId, [...MARKETPLACES]]);
  return Number(rows[0]?.n ?? 0);
}
