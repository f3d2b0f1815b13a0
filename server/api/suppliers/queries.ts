/** Supplier reads — issue 5 §1: filters tier, country, search; sorts score, name, tier. */
import type { Tx } from '../../db';
import { num, numOrNull } from '../../domain/numbers';
import { fetchPage, type Page, type SortSpec } from '../../domain/paging';
import type { SupplierListQuery } from './schemas';

export const SUPPLIER_COLUMNS = `s.id, s.name, s.tier, s.contact_name, s.email, s.phone, s.country, s.lead_time_days, s.on_time_rate,
  s.defect_rate, s.cancellation_rate, s.score, s.scored_at, s.created_at, s.updated_at`;

const SORTS: Record<SupplierListQuery['sort'], SortSpec> = {
  // unscored suppliers (null) sort below every score
  score: { columns: ['coalesce(s.score, -1)', 's.id'], types: ['numeric', 'uuid'] },
  name: { columns: ['s.name', 's.id'], types: ['text', 'uuid'] },
  tier: { columns: ['s.tier', 's.name', 's.id'], types: ['int2', 'text', 'uuid'] },
  created_at: { columns: ['s.created_at', 's.id'], types: ['timestamptz', 'uuid'] },
};

export type Row = Record<string, unknown>;

export function mapSupplier(r: Row): Row & { tier: number; lead_time_days: number; on_time_rate: number; defect_rate: number; cancellation_rate: number; score: number | null } {
  return {
    ...r,
    tier: num(r.tier),
    lead_time_days: num(r.lead_time_days),
    on_time_rate: num(r.on_time_rate),
    defect_rate: num(r.defect_rate),
    cancellation_rate: num(r.cancellation_rate),
    score: numOrNull(r.score),
  };
}

export function supplierFilters(tenantId: string, q: SupplierListQuery) {
  const where = ['s.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  if (q.tier) {
    params.push(q.tier);
    where.push(`s.tier = any($${params.length}::int[])`);
  }
  if (q.country) {
    params.push(q.country);
    where.push(`s.country = $${params.length}`);
  }
  if (q.search) {
    // a supplier list is short: a substring match over name, contact and email is cheap here
    params.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const ph = `$${params.length}`;
    where.push(`(s.name ilike ${ph} or s.contact_name ilike ${ph} or s.email ilike ${ph})`);
  }
  return { where, params };
}

export function listSuppliers(tx: Tx, tenantId: string, q: SupplierListQuery & { cursor?: string }, noCount = false): Promise<Page<Row>> {
  const { where, params } = supplierFilters(tenantId, q);
  return fetchPage<Row>(tx, {
    from: 'suppliers s',
    select: SUPPLIER_COLUMNS,
    where,
    params,
    sort: SORTS[q.sort],
    order: q.order,
    limit: q.limit,
    offset: q.offset,
    cursor: q.cursor,
    noCount,
  });
}

export async function getSupplier(tx: Tx, tenantId: string, id: string) {
  const { rows } = await tx.query<Row>(
    `select ${SUPPLIER_COLUMNS}, (select count(*)::int from products p where p.supplier_id = s.id) as products_count
       from suppliers s where s.tenant_id = $1 and s.id = $2`,
    [tenantId, id],
  );
  return rows[0] ? ({ ...mapSupplier(rows[0]), products_count: num(rows[0].products_count) } as Row) : null;
}
