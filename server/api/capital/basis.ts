/**
 * The facts an offer is computed from (docs/capital.md "Offers"), read in one statement per source:
 * the sales history of the window (the analytics index over orders), its return rate, what the
 * marketplaces owe (the books), open reconciliation problems (when reconciliation's table exists)
 * and the advance still open. The rules themselves are pure: server/domain/capital/offers.ts.
 */
import type { Tx } from '../../db';
import { CAPITAL_RULES, OPEN_ADVANCE_STATUSES, type EligibilityBasis } from '../../../contract/capital';
import { riskOf } from '../../domain/capital/offers';
import { balances } from './books';

export async function readBasis(tx: Tx, tenantId: string, now = new Date()): Promise<EligibilityBasis> {
  const since = new Date(now.getTime() - CAPITAL_RULES.historyWindowDays * 86_400_000).toISOString();
  const { rows: [h] } = await tx.query<{ first_at: Date | string | null; orders: string | number; sales: string | number | null; shipped: string | number; returned: string | number }>(
    `select (select min(created_at) from orders where tenant_id = $1 and status <> 'cancelled') as first_at,
            count(*) as orders,
            sum(o.total_cents) as sales,
            count(*) filter (where o.status in ('shipped', 'delivered', 'partially_returned', 'returned')) as shipped,
            count(*) filter (where o.status in ('partially_returned', 'returned')
                               or exists (select 1 from returns r where r.tenant_id = $1 and r.order_id = o.id and r.status <> 'rejected')) as returned
       from orders o where o.tenant_id = $1 and o.created_at >= $2 and o.status <> 'cancelled'`,
    [tenantId, since],
  );
  // reconciliation's table arrives with its own migration: asked only where it exists
  const { rows: [reg] } = await tx.query<{ t: string | null }>(`select to_regclass('reconciliation_problems')::text as t`);
  const openProblems = reg.t
    ? Number((await tx.query<{ n: string | number }>(`select count(*) as n from reconciliation_problems where tenant_id = $1 and status = 'open'`, [tenantId])).rows[0].n)
    : 0;
  const { rows: open } = await tx.query<{ number: string }>(
    `select number from capital_advances where tenant_id = $1 and status = any($2::text[]) limit 1`,
    [tenantId, OPEN_ADVANCE_STATUSES],
  );
  const b = await balances(tx, tenantId);
  const shipped = Number(h.shipped);
  const returned = Number(h.returned);
  const returnRate = shipped > 0 ? Math.round((returned * 10_000) / shipped) : 0;
  const firstAt = h.first_at ? new Date(h.first_at).getTime() : null;
  return {
    history_days: firstAt === null ? 0 : Math.max(0, Math.floor((now.getTime() - firstAt) / 86_400_000)),
    orders: Number(h.orders),
    sales_cents: Number(h.sales ?? 0),
    shipped_orders: shipped,
    returned_orders: returned,
    return_rate_bp: returnRate,
    receivables_cents: Math.max(0, b.receivables),
    open_problems: openProblems,
    outstanding_advance: open[0]?.number ?? null,
    risk: riskOf(returnRate),
  };
}
