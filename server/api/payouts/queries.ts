/**
 * Reading payouts (docs/payouts.md "API"): the list with its filters, sort and search by payout id,
 * one payout with its totals by kind and a page of its lines, and net paid per week. Every query
 * names the tenant (and runs under its row-level security).
 */
import type { Tx } from '../../db';
import type { PayoutDetailQuery, PayoutLineRow, PayoutListQuery, PayoutRow, PayoutTotal, PayoutWeekRow } from '../../../contract/payouts';
import { iso } from '../wire';

const SORT_SQL: Record<PayoutListQuery['sort'], string> = {
  period_end: 's.period_end',
  expected_date: 's.expected_date',
  received_date: 's.received_date',
  net_cents: 's.net_cents',
  gross_cents: 's.gross_cents',
  created_at: 's.created_at',
};

const COLUMNS = `s.id::text as id, s.external_id, s.marketplace_id::text as marketplace_id, a.name as account_name, a.kind as marketplace,
  s.period_start, s.period_end, s.status, s.currency, s.source, s.orders_count, s.gross_cents, s.fees_cents, s.refunds_cents,
  s.reserve_cents, s.adjustments_cents, s.net_cents, to_char(s.expected_date, 'YYYY-MM-DD') as expected_date,
  to_char(s.received_date, 'YYYY-MM-DD') as received_date, s.lines_count, s.created_at`;

type Raw = Record<string, unknown>;

export function mapPayout(r: Raw): PayoutRow {
  const n = (k: string) => Number(r[k] ?? 0);
  return {
    id: String(r.id), external_id: String(r.external_id), marketplace_id: String(r.marketplace_id), account_name: String(r.account_name),
    marketplace: r.marketplace as PayoutRow['marketplace'], period_start: iso(r.period_start), period_end: iso(r.period_end),
    status: r.status as PayoutRow['status'], currency: String(r.currency), source: r.source as PayoutRow['source'],
    orders_count: n('orders_count'), gross_cents: n('gross_cents'), fees_cents: n('fees_cents'), refunds_cents: n('refunds_cents'),
    reserve_cents: n('reserve_cents'), adjustments_cents: n('adjustments_cents'), net_cents: n('net_cents'),
    expected_date: (r.expected_date as string | null) ?? null, received_date: (r.received_date as string | null) ?? null,
    lines_count: n('lines_count'), created_at: iso(r.created_at),
  };
}

/** The `where` of the list's filters and search ($1 is the tenant). */
function whereOf(tenantId: string, q: PayoutListQuery): { sql: string; params: unknown[] } {
  const where = ['s.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: (n: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  if (q.marketplace) add((n) => `a.kind = any(${n}::text[])`, q.marketplace);
  if (q.marketplace_id) add((n) => `s.marketplace_id = ${n}::uuid`, q.marketplace_id);
  if (q.status) add((n) => `s.status = any(${n}::text[])`, q.status);
  if (q.from) add((n) => `s.period_end >= ${n}::date`, q.from);
  if (q.to) add((n) => `s.period_end < (${n}::date + 1)`, q.to);
  // the marketplace's payout id (a part of it), or ours
  if (q.search) add((n) => `(strpos(lower(s.external_id), lower(${n})) > 0 or s.id::text = lower(${n}))`, q.search);
  return { sql: where.join(' and '), params };
}

/** A page of payouts and the total of the filtered view. */
export async function listPayouts(tx: Tx, tenantId: string, q: PayoutListQuery): Promise<{ rows: PayoutRow[]; total: number }> {
  const { sql, params } = whereOf(tenantId, q);
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  params.push(q.limit, q.offset);
  const { rows } = await tx.query<Raw & { _total: string | number }>(
    `select ${COLUMNS}, count(*) over () as _total
       from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id
      where ${sql}
      order by ${SORT_SQL[q.sort]} ${dir} nulls last, s.id ${dir}
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  let total = rows.length ? Number(rows[0]._total) : 0;
  if (rows.length === 0 && q.offset > 0) {
    const c = await tx.query<{ n: string | number }>(
      `select count(*) as n from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id where ${sql}`, params.slice(0, -2),
    );
    total = Number(c.rows[0].n);
  }
  return { rows: rows.map(mapPayout), total };
}

/** One payout with its totals by kind and a page of its lines; null when the tenant has no such payout. */
export async function getPayout(tx: Tx, tenantId: string, id: string, q: PayoutDetailQuery) {
  const p = await tx.query<Raw>(
    `select ${COLUMNS} from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id where s.tenant_id = $1 and s.id = $2::uuid`,
    [tenantId, id],
  );
  if (p.rows.length === 0) return null;
  const [totals, lines] = await Promise.all([
    tx.query<{ kind: PayoutTotal['kind']; fee_type: PayoutTotal['fee_type']; lines: string | number; amount: string | number }>(
      `select kind, fee_type, count(*) as lines, sum(amount_cents) as amount from payout_lines
        where tenant_id = $1 and payout_id = $2::uuid group by kind, fee_type
        order by array_position(array['sale', 'fee', 'refund', 'reserve_held', 'reserve_released', 'adjustment'], kind), fee_type`,
      [tenantId, id],
    ),
    tx.query<Raw & { _total: string | number }>(
      `select id::text as id, line_no, kind, fee_type, order_id, external_order_id, external_line_id, amount_cents, currency, description, posted_at,
              count(*) over () as _total
         from payout_lines where tenant_id = $1 and payout_id = $2::uuid and ($3::text is null or kind = $3)
        order by line_no limit $4 offset $5`,
      [tenantId, id, q.kind ?? null, q.lines_limit, q.lines_offset],
    ),
  ]);
  const t: PayoutTotal[] = totals.rows.map((r) => ({ kind: r.kind, fee_type: r.fee_type, lines: Number(r.lines), amount_cents: Number(r.amount) }));
  const l: PayoutLineRow[] = lines.rows.map((r) => ({
    id: String(r.id), line_no: Number(r.line_no), kind: r.kind as PayoutLineRow['kind'], fee_type: (r.fee_type as PayoutLineRow['fee_type']) ?? null,
    order_id: (r.order_id as string | null) ?? null, external_order_id: (r.external_order_id as string | null) ?? null,
    external_line_id: (r.external_line_id as string | null) ?? null, amount_cents: Number(r.amount_cents), currency: String(r.currency),
    description: String(r.description), posted_at: iso(r.posted_at),
  }));
  let linesTotal = lines.rows.length ? Number(lines.rows[0]._total) : 0;
  if (lines.rows.length === 0 && q.lines_offset > 0) linesTotal = t.filter((x) => !q.kind || x.kind === q.kind).reduce((a, x) => a + x.lines, 0);
  return {
    ...mapPayout(p.rows[0]),
    totals: t,
    lines_total_cents: t.reduce((a, x) => a + x.amount_cents, 0),
    lines: l,
    lines_page: { total: linesTotal, limit: q.lines_limit, offset: q.lines_offset },
  };
}

/** Net paid per week (Monday, UTC) and marketplace over the last `weeks` weeks: payouts sent (in transit or paid), by the day they arrived or were expected. */
export async function weeklyNet(tx: Tx, tenantId: string, weeks: number): Promise<PayoutWeekRow[]> {
  const { rows } = await tx.query<{ week: string; marketplace: PayoutWeekRow['marketplace']; net: string | number; payouts: string | number }>(
    `select to_char(date_trunc('week', coalesce(s.received_date, s.expected_date, s.period_end::date)), 'YYYY-MM-DD') as week, a.kind as marketplace,
            sum(s.net_cents) as net, count(*) as payouts
       from marketplace_settlements s join marketplace_accounts a on a.id = s.marketplace_id
      where s.tenant_id = $1 and s.status in ('in_transit', 'paid')
        and coalesce(s.received_date, s.expected_date, s.period_end::date) >= date_trunc('week', current_date) - make_interval(weeks => $2 - 1)
      group by 1, 2 order by 1, 2`,
    [tenantId, weeks],
  );
  return rows.map((r) => ({ week: r.week, marketplace: r.marketplace, net_cents: Number(r.net), payouts: Number(r.payouts) }));
}
